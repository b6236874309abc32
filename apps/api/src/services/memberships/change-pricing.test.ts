import { describe, expect, it } from 'vitest';
import { addDays, formatIso, parseLocalDate } from '../../lib/local-date.ts';
import { changeWindow, computeChangeCosts } from './change-pricing.ts';
import { cancellationSchedule, monthlyDates, nextPaymentOnOrAfter } from './payment-schedule.ts';

const d = (s: string) => parseLocalDate(s)!;
const change = (
  oldPrice: number,
  newPrice: number,
  startsAt: string,
  nextPayment: string,
  months: { oldMih?: boolean; newMih?: boolean } = {},
) =>
  computeChangeCosts({
    oldPrice,
    newPrice,
    oldMonthInHand: months.oldMih ?? false,
    newMonthInHand: months.newMih ?? false,
    startsAt: d(startsAt),
    nextPayment: d(nextPayment),
  });

describe('change costs (worked examples)', () => {
  it('charges the pro-rata difference up to the next payment when the new price is higher', () => {
    // Swim Only £24.99 → Gym & Swim £39.99 from 22 Nov, next payment 1 Dec: £15.00 × 9 / 30 = £4.50.
    expect(change(2499, 3999, '2026-11-22', '2026-12-01')).toEqual({
      proRataDays: 9,
      proRataDifference: 450,
      monthInHandDifference: 0,
      totalDueNow: 450,
      monthlyDifference: 1500,
    });
  });

  it('charges nothing now when the new price is lower or the same', () => {
    expect(change(3999, 2499, '2026-11-22', '2026-12-01').totalDueNow).toBe(0);
    expect(change(3999, 2499, '2026-11-22', '2026-12-01').monthlyDifference).toBe(-1500);
    expect(change(2499, 2499, '2026-11-22', '2026-12-01').totalDueNow).toBe(0);
  });

  it('adds the month in hand when the new option collects one (less what the old one already holds)', () => {
    // Swim Only £24.99 → Off-Peak £27.99 (month in hand): £3.00 × 9 / 30 = £0.90 + £27.99.
    expect(change(2499, 2799, '2026-11-22', '2026-12-01', { newMih: true })).toMatchObject({
      proRataDifference: 90,
      monthInHandDifference: 2799,
      totalDueNow: 2889,
    });
    // Both hold a month in hand: only the difference is collected.
    expect(change(2799, 3999, '2026-12-01', '2026-12-01', { oldMih: true, newMih: true })).toMatchObject({
      proRataDifference: 0,
      monthInHandDifference: 1200,
      totalDueNow: 1200,
    });
    // A cheaper option with a month in hand when the old one held more: nothing.
    expect(change(3999, 2799, '2026-11-22', '2026-12-01', { oldMih: true, newMih: true }).totalDueNow).toBe(
      0,
    );
  });

  it('has no pro-rata when the change starts on the payment date, and rounds half away from zero', () => {
    expect(change(2499, 3999, '2026-12-01', '2026-12-01').totalDueNow).toBe(0);
    // £10.00 × 10 / 28 (February 2027) = 357.14… → 357.
    expect(change(1000, 2000, '2027-02-10', '2027-02-20').proRataDifference).toBe(357);
    // £1.00 × 15 / 30 = 50; £0.03 × 15 / 30 = 1.5 → 2.
    expect(change(1000, 1003, '2026-11-15', '2026-11-30').proRataDifference).toBe(2);
  });

  it('is never negative and the parts add up (property over a grid)', () => {
    for (const oldPrice of [0, 999, 2499, 3999])
      for (const newPrice of [0, 1500, 2799, 5000])
        for (const day of [1, 10, 28])
          for (const oldMih of [false, true])
            for (const newMih of [false, true]) {
              const c = change(oldPrice, newPrice, `2026-11-${String(day).padStart(2, '0')}`, '2026-12-01', {
                oldMih,
                newMih,
              });
              expect(c.totalDueNow).toBeGreaterThanOrEqual(0);
              expect(c.totalDueNow).toBe(c.proRataDifference + c.monthInHandDifference);
              expect(c.proRataDifference).toBeLessThanOrEqual(Math.max(0, newPrice - oldPrice));
            }
  });
});

describe('change window and payment dates', () => {
  it('runs from today to the earlier of one month ahead and the next payment date', () => {
    expect(changeWindow(d('2026-11-22'), d('2026-12-01'))).toEqual({
      min: d('2026-11-22'),
      max: d('2026-12-01'),
    });
    expect(changeWindow(d('2026-11-22'), d('2027-01-05')).max).toEqual(d('2026-12-22'));
    expect(changeWindow(d('2027-01-31'), d('2027-03-01')).max).toEqual(d('2027-02-28'));
  });

  it('rolls a stale next payment date on, or uses the billing day', () => {
    expect(nextPaymentOnOrAfter(d('2026-11-22'), d('2026-10-01'), 1)).toEqual(d('2026-12-01'));
    expect(nextPaymentOnOrAfter(d('2026-11-22'), d('2026-12-01'), 1)).toEqual(d('2026-12-01'));
    expect(nextPaymentOnOrAfter(d('2026-11-22'), null, 25)).toEqual(d('2026-11-25'));
    expect(nextPaymentOnOrAfter(d('2026-11-26'), null, 25)).toEqual(d('2026-12-25'));
    expect(monthlyDates(d('2026-12-01'), 3).map(formatIso)).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });
});

describe('cancellation schedule', () => {
  it('ends notice days from today and collects the billing dates on or before that day', () => {
    const s = cancellationSchedule({ today: d('2026-11-22'), noticeDays: 30, nextPayment: d('2026-12-01') });
    expect(formatIso(s.finalDay)).toBe('2026-12-22');
    expect(s.finalPaymentDate).toEqual(d('2026-12-01'));
    expect(s.payments.map(formatIso)).toEqual(['2026-12-01']);
  });

  it('has no final payment when the next billing date falls after the final day', () => {
    const s = cancellationSchedule({ today: d('2026-11-22'), noticeDays: 30, nextPayment: d('2026-12-25') });
    expect(s.finalPaymentDate).toBeNull();
    expect(s.payments).toEqual([]);
  });

  it('collects every month within a long notice period, and counts the final day itself', () => {
    const s = cancellationSchedule({ today: d('2026-11-22'), noticeDays: 70, nextPayment: d('2026-12-01') });
    expect(s.payments.map(formatIso)).toEqual(['2026-12-01', '2027-01-01']);
    const onTheDay = cancellationSchedule({
      today: d('2026-11-22'),
      noticeDays: 9,
      nextPayment: d('2026-12-01'),
    });
    expect(onTheDay.finalPaymentDate).toEqual(d('2026-12-01'));
    expect(addDays(d('2026-12-31'), 1)).toEqual(d('2027-01-01'));
  });
});
