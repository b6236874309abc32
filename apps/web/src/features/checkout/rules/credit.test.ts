import { describe, expect, it } from 'vitest';
import { applicableCredit } from './credit';

const m = (raw: number) => ({ raw, formatted: '' });
const cart = (membership: [number, number], general: [number, number], basketCost: number) =>
  ({
    credits: {
      membership: { totalAvailable: m(membership[0]), maxApplicable: m(membership[1]) },
      general: { totalAvailable: m(general[0]), maxApplicable: m(general[1]) },
    },
    totals: { basketCost: m(basketCost) },
  }) as Parameters<typeof applicableCredit>[0];

describe('applicableCredit', () => {
  it('takes the smaller of available and maximum applicable for each kind', () => {
    expect(applicableCredit(cart([1000, 300], [200, 500], 2000))).toBe(500);
  });
  it('never exceeds the basket cost', () => {
    expect(applicableCredit(cart([1000, 1000], [1000, 1000], 650))).toBe(650);
  });
  it('is zero without credit', () => {
    expect(applicableCredit(cart([0, 500], [0, 0], 650))).toBe(0);
  });
});
