import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { formatDate } from '../../lib/format';

/** Today in the venues' time zone, 'YYYY-MM-DD'. */
export const venueToday = (now: Date = new Date()): string => formatDate(now, 'yyyy-MM-dd');

const shift = (isoDate: string, by: (date: Date) => Date): string =>
  format(by(parseISO(isoDate)), 'yyyy-MM-dd');

export const tomorrowOf = (isoDate: string): string => shift(isoDate, (d) => addDays(d, 1));

/** The latest start date: one month from today (joining §9). */
export const maxStartDateOf = (isoDate: string): string => shift(isoDate, (d) => addMonths(d, 1));

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (joining §5 date format). */
export const toDisplayDate = (isoDate: string): string => format(parseISO(isoDate), 'dd/MM/yyyy');

/** A start date before the minimum (or missing) becomes the minimum (joining §4). */
export const clampStartDate = (startDate: string | null, minDate: string): string =>
  !startDate || startDate < minDate ? minDate : startDate;

/** '1st', '2nd', '3rd', '4th' … for the billing day choice. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}
