import { describe, expect, it } from 'vitest';
import { durationLabel, perPeriod, priceLabel } from './price-label';

describe('price labels', () => {
  it("say 'per month' for recurring payments", () => {
    expect(priceLabel({ paymentType: 'recurring', fixedDuration: null, fixedPeriod: null }, '£35.00')).toBe(
      '£35.00 per month',
    );
  });

  it('give the duration and period of fixed payments, singular when 1', () => {
    expect(priceLabel({ paymentType: 'fixed', fixedDuration: 12, fixedPeriod: 'month' }, '£320.00')).toBe(
      '£320.00 for 12 months',
    );
    expect(priceLabel({ paymentType: 'fixed', fixedDuration: 1, fixedPeriod: 'year' }, '£300.00')).toBe(
      '£300.00 for 1 year',
    );
    expect(durationLabel({ fixedDuration: 1, fixedPeriod: 'week' })).toBe('1 week');
    expect(durationLabel({ fixedDuration: 3, fixedPeriod: 'day' })).toBe('3 days');
    expect(priceLabel({ paymentType: 'fixed', fixedDuration: null, fixedPeriod: null }, '£9.00')).toBe(
      '£9.00',
    );
  });

  it("show benefits 'per {period}'", () => {
    expect(perPeriod('month')).toBe('per month');
  });
});
