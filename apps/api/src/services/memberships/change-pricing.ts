import { addMonths, compareDates, daysBetween, daysInMonth, type LocalDate } from '../../lib/local-date.ts';

/**
 * Changing a monthly membership to another monthly option (account-shell §4 Change).
 *
 * S = the day the new option starts, P = the member's next payment date (S ≤ P), O = the old monthly price,
 * N = the new monthly price, both in pence.
 * - The window for S: today up to the earlier of one month from today and P (so the change never crosses a payment
 *   that was already collected at the old price).
 * - pro_rata_difference = round((N − O) × (P − S) / daysInMonth(S)) when N > O, else 0 (a cheaper option starts
 *   at the next payment date with nothing refunded) — the joining pro-rata rule applied to the difference.
 * - month_in_hand_difference = N − (O when the old option collected a month in hand, else 0), at least 0, when
 *   the new option collects a month in hand; else 0.
 * - no setup (joining) fee on a change.
 * - total_due_now = pro_rata_difference + month_in_hand_difference (never negative).
 * From P on, the member pays N each month on the same billing day.
 */
export type ChangeCosts = {
  proRataDays: number;
  proRataDifference: number;
  monthInHandDifference: number;
  totalDueNow: number;
  /** N − O per month (signed). */
  monthlyDifference: number;
};

export function changeWindow(today: LocalDate, nextPayment: LocalDate): { min: LocalDate; max: LocalDate } {
  const monthAhead = addMonths(today, 1);
  const max = compareDates(nextPayment, monthAhead) < 0 ? nextPayment : monthAhead;
  return { min: today, max: compareDates(max, today) < 0 ? today : max };
}

export function computeChangeCosts(input: {
  oldPrice: number;
  oldMonthInHand: boolean;
  newPrice: number;
  newMonthInHand: boolean;
  startsAt: LocalDate;
  nextPayment: LocalDate;
}): ChangeCosts {
  const { oldPrice, newPrice, startsAt, nextPayment } = input;
  const monthlyDifference = newPrice - oldPrice;
  const proRataDays = Math.max(0, daysBetween(startsAt, nextPayment));
  const proRataDifference =
    monthlyDifference > 0
      ? Math.round((monthlyDifference * proRataDays) / daysInMonth(startsAt.year, startsAt.month))
      : 0;
  const held = input.oldMonthInHand ? oldPrice : 0;
  const monthInHandDifference = input.newMonthInHand ? Math.max(0, newPrice - held) : 0;
  return {
    proRataDays,
    proRataDifference,
    monthInHandDifference,
    totalDueNow: proRataDifference + monthInHandDifference,
    monthlyDifference,
  };
}
