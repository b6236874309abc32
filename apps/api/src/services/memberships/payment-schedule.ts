import { addDays, addMonths, compareDates, type LocalDate } from '../../lib/local-date.ts';

/** The monthly payment dates a change, a freeze and a cancellation work from. */

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
