import { offsetMinutesAt, type ZoneClock } from '@fieldhouse/contract/clock';
import { siteConfigIfRead } from './site-config';

export const VENUE_TIME_ZONE = 'Europe/London';

/**
 * Pounds with two decimals from minor units (pence): 1250 → '£12.50', 123456 → '£1,234.56', -300 → '-£3.00'
 * (en-GB's currency format, written out: the browser's Intl costs 30-50 ms on its first use in a page, decision 063).
 */
export function formatMoney(minorUnits: number): string {
  const pence = Math.round(Math.abs(minorUnits));
  const pounds = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minorUnits < 0 && pence > 0 ? '-' : ''}£${pounds}.${String(pence % 100).padStart(2, '0')}`;
}

/**
 * Dates and times on the venue's clock (decision 021: no date library on first loads; decision 063: no Intl
 * either where the server gave the zone's offsets). The server writes the venue zone's offsets from UTC for five
 * years around today into the page (site config `clock`); within them an instant's local date and time is plain
 * arithmetic on a Date shifted by its offset. Outside them, in another zone, or with no clock (Vite dev server),
 * the browser's Intl.DateTimeFormat answers, which knows every zone's clock changes.
 */
interface DateParts {
  /** 'Monday' */
  weekday: string;
  /** '3' */
  day: string;
  /** 'November' */
  month: string;
  /** '2026' */
  year: string;
  /** '18', 24-hour clock */
  hour: string;
  /** '05' */
  minute: string;
}

type Clock = Pick<ZoneClock, 'from' | 'until' | 'offsets'> & { timeZone: string };

let testClock: Clock | null = null;

/** A clock other than the page's (tests: the server's offsets for a zone and span). */
export function setClock(next: Clock | null): void {
  testClock = next;
}

const MINUTE_MS = 60_000;

/** Minutes ahead of UTC at `time` in `timeZone`, when the page's clock knows them (UTC always). */
function knownOffset(time: number, timeZone: string): number | null {
  if (timeZone === 'UTC') return 0;
  const clock = testClock ?? siteConfigIfRead()?.clock;
  if (!clock || clock.timeZone !== timeZone || !(time >= clock.from && time < clock.until)) return null;
  let offset: number | null = null;
  for (const [from, minutes] of clock.offsets) {
    if (from > time) break;
    offset = minutes;
  }
  return offset;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
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
] as const;

/** An instant's calendar and clock in a zone, as numbers: month 1–12, weekday 0 (Sunday) to 6. */
interface LocalFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

/** An instant's calendar and clock in a time zone: by the page's clock where it can, else by Intl. */
export function localFields(instant: Date, timeZone: string): LocalFields {
  const time = instant.getTime();
  // Outside the page's clock, the zone's offset from Intl (the server's clock is made the same way).
  const offset = knownOffset(time, timeZone) ?? offsetMinutesAt(timeZone, time);
  const local = new Date(time + offset * MINUTE_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** '07' for 7: months, days, hours and minutes as the spec writes them. */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The parts of an instant on the clock and calendar of a time zone (the venue's unless told). */
export function dateParts(instant: string | Date, timeZone: string = VENUE_TIME_ZONE): DateParts {
  const f = localFields(new Date(instant), timeZone);
  return {
    weekday: WEEKDAYS[f.weekday] ?? '',
    day: String(f.day),
    month: MONTHS[f.month - 1] ?? '',
    year: String(f.year),
    hour: twoDigits(f.hour),
    minute: twoDigits(f.minute),
  };
}

/** The parts of a calendar date written YYYY-MM-DD (no time zone moves it). */
export const calendarDateParts = (isoDate: string): DateParts => dateParts(`${isoDate}T12:00:00Z`, 'UTC');

/** 'Mon', 'Nov', 'Sep': the first three letters, as the spec's 'MMM' writes them (en-GB's own 'Sept' is not). */
export const short = (name: string): string => name.slice(0, 3);

/** Date in Europe/London, e.g. '3 Nov 2026' (spec 'D MMM YYYY'). */
export function formatDate(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.day} ${short(p.month)} ${p.year}`;
}

/** Date in Europe/London with the month in full, e.g. '3 November 2026'. */
export function formatFullDate(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.day} ${p.month} ${p.year}`;
}

/** Long date, e.g. 'Monday 23 November 2026'. */
export function formatLongDate(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** 24-hour time in Europe/London, e.g. '18:30'. */
export function formatTime(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.hour}:${p.minute}`;
}

/** Spec display format 'D MMM YYYY at HH:mm'. */
export function formatDateTime(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.day} ${short(p.month)} ${p.year} at ${p.hour}:${p.minute}`;
}

/** Day, month and time without the year, e.g. '3 Nov at 07:00'. */
export function formatDayAndTime(instant: string | Date): string {
  const p = dateParts(instant);
  return `${p.day} ${short(p.month)} at ${p.hour}:${p.minute}`;
}
