import { TZDate, tzOffset } from '@date-fns/tz';
// One module per function: date-fns's index loads all of its ~250 modules (half a second of start-up).
import { addMonths as fnsAddMonths } from 'date-fns/addMonths';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { startOfWeek } from 'date-fns/startOfWeek';

/**
 * Venue-local calendar dates ('YYYY-MM-DD' on the wire, { year, month 1–12, day } in code): the one date module
 * of the server (decision 023). Calendar arithmetic runs on date-fns over dates pinned to UTC, so neither the
 * process's zone nor a clock change can move a day; months and years clamp to the month's last day
 * (31 Jan + 1 month = 28 or 29 Feb). Where a date meets an instant (today, the start and end of a day) the venue's
 * IANA time zone decides, Europe/London unless the venue says otherwise.
 */
export type LocalDate = { year: number; month: number; day: number };
export type Period = 'day' | 'week' | 'month' | 'year';
export type WallClock = { hour: number; minute: number };

export const DEFAULT_TIME_ZONE = 'Europe/London';

const calendar = (d: LocalDate) => new TZDate(d.year, d.month - 1, d.day, 'UTC');
/**
 * The date (plus `days`) as midnight UTC in a plain Date: day arithmetic and weekdays without a time zone's rules
 * (a TZDate costs tens of microseconds; timetable generation asks for thousands a venue). setUTCFullYear, not
 * Date.UTC, which reads years 0–99 as 1900–1999.
 */
const utcDay = (d: LocalDate, days = 0) => {
  const t = new Date(0);
  t.setUTCFullYear(d.year, d.month - 1, d.day + days);
  return t;
};
const fromCalendar = (t: Date): LocalDate => ({
  year: t.getUTCFullYear(),
  month: t.getUTCMonth() + 1,
  day: t.getUTCDate(),
});

/** Day 0 of the next month is this month's last day. */
export const daysInMonth = (year: number, month: number) =>
  utcDay({ year, month: month + 1, day: 0 }).getUTCDate();

/** Parses a strict 'YYYY-MM-DD' that names a real calendar date, else null. */
export function parseLocalDate(value: string): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** A 'YYYY-MM-DD' known to be valid (a stored date column, a validated query); throws a RangeError otherwise. */
export function toLocalDate(value: string): LocalDate {
  const date = parseLocalDate(value);
  if (!date) throw new RangeError(`not a calendar date: ${JSON.stringify(value)}`);
  return date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD'. */
export const formatIso = (d: LocalDate) => `${d.year}-${two(d.month)}-${two(d.day)}`;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'D MMMM YYYY', e.g. '1 December 2026'. */
export const prettyDate = (d: LocalDate) => `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;

/** 'DD/MM/YYYY', e.g. '01/12/2026'. */
export const displayDate = (d: LocalDate) => `${two(d.day)}/${two(d.month)}/${d.year}`;

/** Negative when `a` is before `b`, 0 on the same day, positive after. */
export const compareDates = (a: LocalDate, b: LocalDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** Whole calendar days from `a` to `b` (b − a). */
export const daysBetween = (a: LocalDate, b: LocalDate) => differenceInCalendarDays(calendar(b), calendar(a));

/** The calendar date `days` later (negative for earlier). */
export const addDays = (d: LocalDate, days: number): LocalDate => fromCalendar(utcDay(d, days));

/** The same day of month `months` later, clamped to that month's last day (31 Jan + 1 month = 28/29 Feb). */
export const addMonths = (d: LocalDate, months: number): LocalDate =>
  fromCalendar(fnsAddMonths(calendar(d), months));

/** A calendar date `count` periods later (months and years clamp to the month's last day). */
export function addPeriod(d: LocalDate, count: number, period: Period): LocalDate {
  if (period === 'month') return addMonths(d, count);
  if (period === 'year') return addMonths(d, count * 12);
  return addDays(d, period === 'week' ? count * 7 : count);
}

/** The Monday on or before `d`. */
export const mondayOf = (d: LocalDate): LocalDate =>
  fromCalendar(startOfWeek(calendar(d), { weekStartsOn: 1 }));

/** The ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (d: LocalDate) => utcDay(d).getUTCDay() || 7;

/** The calendar date of an instant where the venue is; `localDateOf(now, zone)` is the venue's today. */
export function localDateOf(instant: Date, timeZone = DEFAULT_TIME_ZONE): LocalDate {
  const local = new TZDate(instant.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instant of a venue-local wall-clock time on a date (correct on both sides of a clock change). Where the
 * clocks make that time ambiguous or skip it, RFC 5545 (iCalendar) decides, as calendars do:
 * - a time that happens twice (clocks go back: 01:30 on 25 Oct 2026 in London) is its **first** occurrence
 *   (01:30 BST = 00:30Z);
 * - a time that does not exist (clocks go forward: 01:30 on 29 Mar 2026 in London) is read with the offset before
 *   the gap, so it moves **forward** by the gap (01:30 GMT = 02:30 BST = 01:30Z).
 */
export function instantAt(d: LocalDate, time: WallClock, timeZone = DEFAULT_TIME_ZONE): Date {
  // TZDate moves a skipped time forward by the gap and takes the later of two occurrences.
  const t = new TZDate(d.year, d.month - 1, d.day, time.hour, time.minute, 0, 0, timeZone).getTime();
  // Clocks that went back within the day before: the same wall-clock time may have come first at the older offset.
  const shift = (tzOffset(timeZone, new Date(t - DAY_MS)) - tzOffset(timeZone, new Date(t))) * MINUTE_MS;
  if (shift > 0) {
    const first = new TZDate(t - shift, timeZone);
    const same =
      first.getFullYear() === d.year &&
      first.getMonth() === d.month - 1 &&
      first.getDate() === d.day &&
      first.getHours() === time.hour &&
      first.getMinutes() === time.minute;
    if (same) return new Date(t - shift);
  }
  return new Date(t);
}

const MIDNIGHT: WallClock = { hour: 0, minute: 0 };

/**
 * `instantAt` for one zone, for many times on few dates (timetable generation: hundreds of sessions a venue). A
 * date whose local day is exactly 24 hours with one offset at both ends has no clock change: its times are read
 * with that offset, looked up once per date. A clock-change day (23 or 25 hours, or a change that keeps the length)
 * goes through `instantAt` itself. Same answers, about one zone look-up a date instead of several a time.
 */
export function instantsIn(timeZone = DEFAULT_TIME_ZONE) {
  const offsets = new Map<string, number | null>();
  return (d: LocalDate, time: WallClock): Date => {
    const key = formatIso(d);
    let offset = offsets.get(key);
    if (offset === undefined) {
      const start = instantAt(d, MIDNIGHT, timeZone).getTime();
      const end = instantAt(addDays(d, 1), MIDNIGHT, timeZone).getTime();
      const first = tzOffset(timeZone, new Date(start));
      const steady = end - start === DAY_MS && first === tzOffset(timeZone, new Date(end - 1));
      offset = steady ? first : null;
      offsets.set(key, offset);
    }
    if (offset === null) return instantAt(d, time, timeZone);
    const wall = utcDay(d);
    wall.setUTCHours(time.hour, time.minute, 0, 0);
    return new Date(wall.getTime() - offset * MINUTE_MS);
  };
}

/** 00:00 venue-local on `d`. A day is 23 or 25 hours long on the clock-change days. */
export const startOfDay = (d: LocalDate, timeZone = DEFAULT_TIME_ZONE) => instantAt(d, MIDNIGHT, timeZone);

/** The last moment (23:59:59.999 venue-local) of `d`. */
export const endOfDay = (d: LocalDate, timeZone = DEFAULT_TIME_ZONE) =>
  new Date(startOfDay(addDays(d, 1), timeZone).getTime() - 1);

/**
 * The instant `months` later at the same venue-local wall-clock time, the day clamped to the month's end
 * (credit and waiver expiry: 31 Jan 10:00 + 1 month = 28 Feb 10:00).
 */
export const addMonthsToInstant = (instant: Date, months: number, timeZone = DEFAULT_TIME_ZONE) =>
  new Date(fnsAddMonths(new TZDate(instant.getTime(), timeZone), months).getTime());
