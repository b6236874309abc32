import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, penceFromPounds, refundLines } from './refund-amounts';

describe('penceFromPounds', () => {
  it('reads pounds as staff type them', () => {
    expect(penceFromPounds('6.50')).toBe(650);
    expect(penceFromPounds('£6')).toBe(600);
    expect(penceFromPounds('6.5')).toBe(650);
    expect(penceFromPounds(' 1,200.05 ')).toBe(120005);
    expect(penceFromPounds('')).toBe(0);
    expect(penceFromPounds('6.505')).toBeNull();
    expect(penceFromPounds('-1')).toBeNull();
    expect(penceFromPounds('six')).toBeNull();
  });
});

describe('refundLines', () => {
  const lines = [
    { id: 1, name: 'Spin', refundable: 650 },
    { id: 2, name: 'Yoga', refundable: 300 },
  ];
  it('keeps the lines with an amount, each no more than is left on it', () => {
    expect(refundLines(lines, { '1': '3.00', '2': '' })).toEqual({
      lines: [{ orderItemId: 1, amount: 300 }],
      error: null,
    });
    expect(refundLines(lines, { '2': '3.01' }).error).toBe(
      'That is more than is left to refund on Yoga (£3.00 at most).',
    );
    expect(refundLines(lines, {}).error).toBe('Enter an amount for at least one line.');
    expect(refundLines(lines, { '1': 'abc' }).error).toBe('Enter an amount in pounds for Spin, like 6.50.');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a new version 4 UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
