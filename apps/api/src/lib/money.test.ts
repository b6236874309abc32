import { describe, expect, it } from 'vitest';
import { formatMoney, toMoney } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [650, '£6.50'],
    [1250, '£12.50'],
    [123450, '£1,234.50'],
    [100000000, '£1,000,000.00'],
    [-300, '-£3.00'],
  ])('%i pence → %s', (pence, text) => {
    expect(formatMoney(pence)).toBe(text);
  });

  it('refuses fractional pence', () => {
    expect(() => formatMoney(1.5)).toThrow(TypeError);
  });

  it('wraps raw and formatted', () => {
    expect(toMoney(650)).toEqual({ raw: 650, formatted: '£6.50' });
  });
});
