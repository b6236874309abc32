import { addDays, addMonths } from '../../../lib/dates';

export const tomorrowOf = (isoDate: string): string => addDays(isoDate, 1);

/** The latest start date: one month from today, clamped to the month's end like the server (joining §9). */
export const maxStartDateOf = (isoDate: string): string => addMonths(isoDate, 1);

/** A start date before the minimum (or missing) becomes the minimum (joining §4). */
export const clampStartDate = (startDate: string | null, minDate: string): string =>
  !startDate || startDate < minDate ? minDate : startDate;

/** '1st', '2nd', '3rd', '4th' … for the billing day choice. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}
