/**
 * Joining costs: pure functions on integer pence and venue-local calendar dates (no instants, so a clock change
 * cannot move a day).
 *
 * Definitions (D = start date, B = billing day 1–28, F = base fee, J = joining fee):
 *
 * Recurring option
 * - first billing date P = the first date after D (strictly) whose day of month is B; when P − D < 7 days,
 *   P moves on one month (the member would otherwise pay twice within a week).
 * - pro_rata_days = P − D (D up to and including the day before P).
 * - pro_rata_fee = round(F × pro_rata_days / daysInMonth(D)) (half away from zero; D's calendar month).
 * - month_in_hand_fee = F when the option collects a month in hand, else 0.
 * - first payment = pro_rata_fee + month_in_hand_fee.
 *
 * Fixed option (single payment)
 * - no billing day, no pro-rata: first payment = F (the whole price), month_in_hand_fee = 0.
 *
 * Promotion (optional) on the part it applies to: A = J (joining_fee), first payment (first_payment) or both.
 * - percent p: discount = round(A × p / 100); fixed v pence: discount = min(v, A). So 0 ≤ discount ≤ A.
 *
 * total_to_pay_now = J + first payment − discount (never negative, since discount ≤ A ≤ J + first payment).
 * The monthly payment after P is F (global_base_price).
 */

import {
  addDays,
  addMonths,
  compareDates,
  daysBetween,
  daysInMonth,
  type LocalDate,
} from '../../lib/local-date.ts';

export type PricedOption = {
  paymentType: 'recurring' | 'fixed';
  baseFee: number;
  joiningFee: number;
  monthInHand: boolean;
};

export type Promotion = {
  kind: 'percent' | 'fixed';
  value: number;
  appliesTo: 'joining_fee' | 'first_payment' | 'both';
};

export type CostBreakdown = {
  paymentType: 'recurring' | 'fixed';
  baseFee: number;
  joiningFee: number;
  proRataFee: number;
  proRataDays: number;
  monthInHandFee: number;
  discount: number;
  totalToPayNow: number;
  firstBillingDate: LocalDate | null;
};

export const MIN_DAYS_TO_FIRST_BILLING = 7;

/**
 * The inputs cannot be priced (a monthly option without a billing day, or a billing day outside 1–28, e.g. one
 * stored on an account made elsewhere). The costs call answers it as 422 `incalculable_price` (joining §8).
 */
export class IncalculablePriceError extends RangeError {
  override readonly name = 'IncalculablePriceError';
}

/** The first billing date for a start date and billing day (1–28); see the module comment. */
export function firstBillingDate(start: LocalDate, billingDay: number): LocalDate {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28)
    throw new IncalculablePriceError(`billing day must be 1–28, got ${billingDay}`);
  let next: LocalDate =
    start.day < billingDay
      ? { year: start.year, month: start.month, day: billingDay }
      : { ...addMonths({ ...start, day: 1 }, 1), day: billingDay };
  if (daysBetween(start, next) < MIN_DAYS_TO_FIRST_BILLING) next = addMonths(next, 1);
  return next;
}

/** Half away from zero (all inputs here are non-negative). */
const round = (n: number) => Math.round(n);

export function promotionDiscount(promo: Promotion | null, joiningFee: number, firstPayment: number) {
  if (!promo) return 0;
  const base =
    promo.appliesTo === 'joining_fee'
      ? joiningFee
      : promo.appliesTo === 'first_payment'
        ? firstPayment
        : joiningFee + firstPayment;
  const discount = promo.kind === 'percent' ? round((base * Math.min(promo.value, 100)) / 100) : promo.value;
  return Math.max(0, Math.min(discount, base));
}

export function computeCosts(input: {
  option: PricedOption;
  startDate: LocalDate;
  billingDay: number | null;
  promotion: Promotion | null;
}): CostBreakdown {
  const { option, startDate, promotion } = input;
  let proRataFee = 0;
  let proRataDays = 0;
  let monthInHandFee = 0;
  let firstPayment: number;
  let first: LocalDate | null = null;
  if (option.paymentType === 'recurring') {
    if (input.billingDay === null) throw new IncalculablePriceError('a recurring option needs a billing day');
    first = firstBillingDate(startDate, input.billingDay);
    proRataDays = daysBetween(startDate, first);
    proRataFee = round((option.baseFee * proRataDays) / daysInMonth(startDate.year, startDate.month));
    monthInHandFee = option.monthInHand ? option.baseFee : 0;
    firstPayment = proRataFee + monthInHandFee;
  } else {
    firstPayment = option.baseFee;
  }
  const discount = promotionDiscount(promotion, option.joiningFee, firstPayment);
  return {
    paymentType: option.paymentType,
    baseFee: option.baseFee,
    joiningFee: option.joiningFee,
    proRataFee,
    proRataDays,
    monthInHandFee,
    discount,
    totalToPayNow: option.joiningFee + firstPayment - discount,
    firstBillingDate: first,
  };
}

/** The lines that make up total_to_pay_now (signed), in display order. */
export function linesNow(c: CostBreakdown): number[] {
  const lines = [c.joiningFee];
  if (c.paymentType === 'fixed') lines.push(c.baseFee);
  else lines.push(c.proRataFee, c.monthInHandFee);
  lines.push(-c.discount);
  return lines;
}

/** The allowed start dates: today (venue-local) up to the same day next month (clamped to month end). */
export function startDateWindow(today: LocalDate): { min: LocalDate; max: LocalDate } {
  return { min: today, max: addMonths(today, 1) };
}

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
      ? round((monthlyDifference * proRataDays) / daysInMonth(startsAt.year, startsAt.month))
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

/**
 * The member's next payment date on or after `from`: their stored next payment date rolled on a month at a time
 * while it is before `from`, else the billing day (1 when they have none) of `from`'s month or the next.
 */
export function nextPaymentOnOrAfter(from: LocalDate, stored: LocalDate | null, billingDay: number | null) {
  if (stored) {
    let next = stored;
    for (let i = 1; compareDates(next, from) < 0; i++) next = addMonths(stored, i);
    return next;
  }
  const day = billingDay ?? 1;
  const thisMonth = { year: from.year, month: from.month, day };
  return from.day <= day ? thisMonth : addMonths(thisMonth, 1);
}

/** `count` monthly dates from `first` (the billing day kept by clamping from the first date each time). */
export function monthlyDates(first: LocalDate, count: number): LocalDate[] {
  return Array.from({ length: count }, (_, i) => addMonths(first, i));
}

/**
 * Cancelling a monthly membership with N days' notice (account-shell §4 Cancel): the final day F = today + N;
 * the final payment date is the last billing date (P, P + 1 month, …) on or before F, or null when P is after F
 * (nothing more is collected). Returns every payment still to come.
 */
export function cancellationSchedule(input: {
  today: LocalDate;
  noticeDays: number;
  nextPayment: LocalDate;
}) {
  const finalDay = addDays(input.today, input.noticeDays);
  const payments: LocalDate[] = [];
  for (let i = 0; ; i++) {
    const date = addMonths(input.nextPayment, i);
    if (compareDates(date, finalDay) > 0) break;
    payments.push(date);
  }
  return { finalDay, finalPaymentDate: payments.at(-1) ?? null, payments };
}
