import { TZDate } from '@date-fns/tz';
import { addDays as fnsAddDays } from 'date-fns/addDays';
import { addMonths as fnsAddMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { VENUE_TIME_ZONE } from './format';

/**
 * Venue-local calendar dates as 'YYYY-MM-DD' strings, by the server's rules (apps/api/src/lib/local-date.ts,
 * decision 023): arithmetic on date-fns over dates pinned to UTC, so no clock change or browser zone moves a
 * day; a month on clamps to the month's last day (31 Jan + 1 month = 28/29 Feb).
 */
const ISO = 'yyyy-MM-dd';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const calendar = (isoDate: string): TZDate => {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new TZDate(y, m - 1, d, 'UTC');
};

/** A real calendar day written YYYY-MM-DD (rejects 2026-02-30 and partial input). */
export function isCalendarDate(value: string | null | undefined): value is string {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return (
    month >= 1 && month <= 12 && day >= 1 && day <= getDaysInMonth(new TZDate(year, month - 1, 1, 'UTC'))
  );
}

/** Today's date where the venue is (Europe/London unless told), as YYYY-MM-DD. */
export const venueToday = (now: Date = new Date(), timeZone: string = VENUE_TIME_ZONE): string =>
  format(new TZDate(now.getTime(), timeZone), ISO);

/** The calendar date `days` later (negative for earlier). */
export const addDays = (isoDate: string, days: number): string =>
  format(fnsAddDays(calendar(isoDate), days), ISO);

/** The same day `months` later, clamped to that month's last day. */
export const addMonths = (isoDate: string, months: number): string =>
  format(fnsAddMonths(calendar(isoDate), months), ISO);
