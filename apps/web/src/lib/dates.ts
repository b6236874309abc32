import { localFields, twoDigits, VENUE_TIME_ZONE } from './format';

/**
 * Venue-local calendar dates as 'YYYY-MM-DD' strings, by the server's rules (apps/api/src/lib/local-date.ts,
 * decision 023): arithmetic on the UTC calendar, so no clock change or browser zone moves a day; a month on clamps
 * to the month's last day (31 Jan + 1 month = 28/29 Feb). No date library: the platform's Date.UTC does the
 * calendar (decision 021).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsOf = (isoDate: string): [number, number, number] => {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return [y, m, d];
};

/** Days in a month (1–12) of a year. */
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const isoOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (rejects 2026-02-30 and partial input). */
export function isCalendarDate(value: string | null | undefined): value is string {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Today's date where the venue is (Europe/London unless told), as YYYY-MM-DD. */
export function venueToday(now: Date = new Date(), timeZone: string = VENUE_TIME_ZONE): string {
  const f = localFields(now, timeZone);
  return `${f.year}-${twoDigits(f.month)}-${twoDigits(f.day)}`;
}

/** The calendar date `days` later (negative for earlier). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = partsOf(isoDate);
  return isoOf(Date.UTC(y, m - 1, d + days));
}

/** The same day `months` later, clamped to that month's last day. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = partsOf(isoDate);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoOf(Date.UTC(year, month - 1, Math.min(d, daysInMonth(year, month))));
}

/** 'YYYY-MM-DD' to 'DD/MM/YYYY' (joining §5's date format; other text is returned as it is). */
export function toDisplayDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * Orders two ISO 8601 texts written the same way (as the API writes them) by code unit, which is their time order.
 * Not localeCompare: its first use in a page loads the browser's collator, 10-15 ms of main thread (decision 063).
 */
export const byIsoText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
