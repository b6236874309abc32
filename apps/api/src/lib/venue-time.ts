import { tz } from '@date-fns/tz';
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { format } from 'date-fns/format';
import {
  addDays,
  addMonths,
  DEFAULT_TIME_ZONE,
  localDateOf,
  mondayOf,
  startOfDay,
  toLocalDate,
} from './local-date.ts';

/** How instants read where the venue is (its IANA zone); calendar dates themselves live in `local-date.ts`. */

const fmt = (instant: Date, pattern: string, timeZone: string) =>
  format(instant, pattern, { in: tz(timeZone) });

/** 'YYYY-MM-DD' in the venue's zone. */
export const venueDate = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'yyyy-MM-dd', timeZone);
/** 'HH:mm' (24-hour) in the venue's zone. */
export const venueTime = (instant: Date, timeZone = DEFAULT_TIME_ZONE) => fmt(instant, 'HH:mm', timeZone);
/** Venue-local ISO date-time without offset, e.g. '2026-10-25T09:30:00'. */
export const venueLocalIso = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, "yyyy-MM-dd'T'HH:mm:ss", timeZone);
/** e.g. 'Sunday 25 October 2026'. */
export const venueDatePretty = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'EEEE d MMMM yyyy', timeZone);
/** e.g. '25/10/2026'. */
export const venueFullDate = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'dd/MM/yyyy', timeZone);

/** Duration text used on booking cards: '45min', '60min', '90min'. */
export function formatDuration(startsAt: Date, endsAt: Date): string {
  return `${differenceInMinutes(endsAt, startsAt)}min`;
}

/** e.g. 'Monday 23 November' (used in messages that name a session). */
export const venueDayMonth = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'EEEE d MMMM', timeZone);

/** 'Spin at 18:00 on Monday 23 November': how messages name a session. */
export const sessionLabel = (name: string, startsAt: Date, timeZone = DEFAULT_TIME_ZONE) =>
  `${name} at ${venueTime(startsAt, timeZone)} on ${venueDayMonth(startsAt, timeZone)}`;

function computePeriodStart(now: Date, period: 'month' | 'week', timeZone: string): Date {
  const today = localDateOf(now, timeZone);
  return startOfDay(period === 'month' ? { ...today, day: 1 } : mondayOf(today), timeZone);
}

/** The last period worked out per period and zone, and when the next one starts (every basket read asks). */
const periods = new Map<string, { start: Date; next: Date }>();

/** Start of the current benefit period in the venue's zone: the 1st of the month, or Monday, at 00:00. */
export function periodStart(now: Date, period: 'month' | 'week', timeZone = DEFAULT_TIME_ZONE): Date {
  const key = `${period} ${timeZone}`;
  const t = now.getTime();
  const known = periods.get(key);
  if (known && known.start.getTime() <= t && t < known.next.getTime()) return new Date(known.start);
  const start = computePeriodStart(now, period, timeZone);
  // 8 days after a Monday is in the next week, 32 days after the 1st in the next month (clock changes included).
  const next = computePeriodStart(
    new Date(start.getTime() + (period === 'week' ? 8 : 32) * 86_400_000),
    period,
    timeZone,
  );
  if (periods.size > 100) periods.clear();
  periods.set(key, { start, next });
  return new Date(start);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

function formatterFor(timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The zone's UTC offset (ms) at an instant, cached per quarter hour: zones change offset only at whole
 * quarter hours, so one look-up serves every instant of that quarter.
 */
function zoneOffset(ms: number, timeZone: string) {
  const bucket = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of formatterFor(timeZone).formatToParts(new Date(bucket)))
      p[part.type] = Number(part.value);
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - bucket;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Fast venue-local parts of an instant (the timetable formats hundreds per request):
 * { date: 'YYYY-MM-DD', time: 'HH:mm', local: 'YYYY-MM-DDTHH:mm:ss' }.
 */
export function venueLocalParts(instant: Date, timeZone = DEFAULT_TIME_ZONE) {
  const local = new Date(instant.getTime() + zoneOffset(instant.getTime(), timeZone));
  const date = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
  const time = `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
  return { date, time, local: `${date}T${time}:${two(local.getUTCSeconds())}` };
}

/**
 * The instants bounding whole venue-local days, for 'from'/'to' date filters: `start` is 00:00 on `from`, `end`
 * (exclusive) is 00:00 on the day after `to`, so `to` is included to its last moment (whatever the clock change
 * makes that day's length). Either bound may be left out.
 */
export function venueDayBounds(
  range: { from?: string; to?: string },
  timeZone = DEFAULT_TIME_ZONE,
): { start?: Date; end?: Date } {
  const start = range.from ? startOfDay(toLocalDate(range.from), timeZone) : undefined;
  const end = range.to ? startOfDay(addDays(toLocalDate(range.to), 1), timeZone) : undefined;
  // A bound past what a timestamp holds (year 0, the day after 9999-12-31) is no bound: nothing is outside it.
  const inRange = (d: Date | undefined) =>
    d && d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999 ? d : undefined;
  return { start: inRange(start), end: inRange(end) };
}

/** 'DD/MM/YYYY HH:mm' in the venue's zone (order history). */
export const venueDateTime = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'dd/MM/yyyy HH:mm', timeZone);

/** 'D MMM YYYY at HH:mm' in the venue's zone (guest passes, receipts). */
export const venueDateAtTime = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, "d MMM yyyy 'at' HH:mm", timeZone);

/** When the current benefit period ends (exclusive): the 1st of next month, or next Monday, at 00:00 local. */
export function periodEnd(now: Date, period: 'month' | 'week', timeZone = DEFAULT_TIME_ZONE): Date {
  const start = localDateOf(periodStart(now, period, timeZone), timeZone);
  return startOfDay(period === 'week' ? addDays(start, 7) : addMonths(start, 1), timeZone);
}

/** e.g. '25 October 2026' ('D MMMM YYYY': package expiry, waiver signed on). */
export const venueDayMonthYear = (instant: Date, timeZone = DEFAULT_TIME_ZONE) =>
  fmt(instant, 'd MMMM yyyy', timeZone);
