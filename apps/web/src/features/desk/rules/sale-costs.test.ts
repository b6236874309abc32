import { describe, expect, it } from 'vitest';
import type { DeskMembershipSale } from '../api/desk-sales';
import { saleCostsText } from './sale-costs';

const money = (raw: number) => ({ raw, formatted: `£${(raw / 100).toFixed(2)}` });
const monthly: DeskMembershipSale = {
  membershipTypeId: 1,
  membershipTypeName: 'Swim Only',
  category: 'Adult',
  paymentOptionId: 2,
  paymentOptionName: 'Monthly',
  paymentType: 'recurring',
  fixedDuration: null,
  fixedPeriod: null,
  canPurchase: true,
  message: null,
  needsMandate: true,
  costs: {
    totalToPayNow: money(2200),
    prettyFirstBillingDate: '1 December 2026',
    globalBasePrice: money(2499),
    promotionEnabled: false,
    paymentType: 'recurring',
    fixedDuration: null,
    fixedPeriod: null,
    proRataDays: 9,
    fees: {
      joiningFee: money(1000),
      baseFee: money(2499),
      proRataFee: money(1200),
      monthInHandFee: money(0),
      discount: money(0),
    },
    startDate: '2026-11-22',
    billingDay: 1,
    firstBillingDate: '2026-12-01',
  },
};

describe('What a membership costs, as the desk says it', () => {
  it('monthly: today with the joining fee and pro-rata named, then the monthly fee from the first collection', () => {
    expect(saleCostsText(monthly)).toBe(
      '£22.00 today (joining fee £10.00, pro-rata £12.00 for 9 days), then £24.99 a month by direct debit from 1 December 2026',
    );
  });

  it('monthly for a member who already pays on a day of their own', () => {
    const costs = {
      ...monthly.costs!,
      prettyFirstBillingDate: 'Starting next month on your usual payment date',
    };
    expect(saleCostsText({ ...monthly, costs })).toMatch(/by direct debit on their usual payment day$/);
  });

  it('a single payment: the price and how long it lasts, no fee it does not have', () => {
    const fees = {
      ...monthly.costs!.fees,
      joiningFee: money(0),
      proRataFee: money(0),
      baseFee: money(36000),
    };
    const costs = { ...monthly.costs!, totalToPayNow: money(36000), proRataDays: 0, fees };
    const fixed = {
      ...monthly,
      paymentType: 'fixed',
      fixedDuration: 12,
      fixedPeriod: 'month',
      costs,
    } as const;
    expect(saleCostsText(fixed)).toBe('£360.00 today for 12 months');
  });

  it('nothing when it cannot be bought', () => {
    expect(saleCostsText({ ...monthly, costs: null, canPurchase: false })).toBeNull();
  });
});
