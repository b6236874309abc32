import { TZDate, tz } from '@date-fns/tz';
import { addDays, differenceInMinutes, format } from 'date-fns';

export const DEFAULT_TIME_ZONE = 'Europe/London';

/** The instant of a venue-local wall-clock time (correct on both sides of a clock change). */
export function venueLocalInstant(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone = DEFAULT_TIME_ZONE,
): Date {
  const local = new TZDate(date.year, date.month - 1, date.day, time.hour, time.minute, 0, 0, timeZone);
  return new Date(local.getTime());
}

/** The venue-local calendar date of an instant, as { year, month (1-12), day }. */
export function venueLocalDate(instant: Date, timeZone = DEFAULT_TIME_ZONE) {
  const local = new TZDate(instant.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** Adds calendar days to a venue-local date (not 24-hour periods). */
export function addVenueDays(date: { year: number; month: number; day: number }, days: number) {
  const shifted = addDays(new Date(Date.UTC(date.year, date.month - 1, date.day)), days);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

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
