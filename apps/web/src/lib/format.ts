export const VENUE_TIME_ZONE = 'Europe/London';

const money = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
});

/** Pounds with two decimals from minor units (pence): 1250 → '£12.50'. */
export const formatMoney = (minorUnits: number): string => money.format(minorUnits / 100);

/**
 * Dates and times are formatted by the browser's own Intl.DateTimeFormat, which knows every time zone's clock
 * changes (decision 021: no date library on first loads). One formatter per zone gives every part at once; the
 * functions below put them in the spec's order.
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

const formatters = new Map<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/** The named parts of an instant in a time zone, by one formatter per set of options and zone, made on first use. */
export function partsIn(
  instant: Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  let byZone = formatters.get(options);
  if (!byZone) {
    byZone = new Map();
    formatters.set(options, byZone);
  }
  let formatter = byZone.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    byZone.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter.formatToParts(instant)) parts[type] = value;
  return parts;
}

const TEXT_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** The parts of an instant on the clock and calendar of a time zone (the venue's unless told). */
export function dateParts(instant: string | Date, timeZone: string = VENUE_TIME_ZONE): DateParts {
  const parts = partsIn(new Date(instant), timeZone, TEXT_PARTS);
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
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
