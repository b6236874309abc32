// A time zone's offsets from UTC over a span of time, worked out from the platform's time-zone data: the server
// writes them into every page (site config `clock`), so the web app reads venue-local dates and times by
// arithmetic instead of the browser's Intl, whose first use on a page costs 30-50 ms of main thread (decision 063).
// No value imports: the web app's tests import this file.

/** The offsets of one time zone between `from` and `until` (ms since 1970; `until` excluded). */
export interface ZoneClock {
  time_zone: string;
  from: number;
  until: number;
  /** [instant from which it holds (ms since 1970), minutes ahead of UTC], in order; the first starts at `from`. */
  offsets: [number, number][];
}

const MINUTE_MS = 60_000;
/** Offsets are looked at this often; a zone changes its offset at most twice a year, never twice in 6 hours. */
const STEP_MS = 6 * 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes ahead of UTC in `timeZone` at instant `t` (whole minutes: every zone in use since 1972 keeps them). */
export function offsetMinutesAt(timeZone: string, t: number): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(t)) p[type] = Number(value);
  const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
  return Math.round((wall - Math.floor(t / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The zone's offsets between two instants: looked at every 6 hours, and where one differs from the last, the
 * minute it changed found by halving. A few hundred look-ups a year of span; the server keeps the answer a day.
 */
export function zoneClock(timeZone: string, from: number, until: number): ZoneClock {
  const start = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  const offsets: [number, number][] = [[start, offsetMinutesAt(timeZone, start)]];
  let before = start;
  let offset = offsets[0]![1];
  while (before < until) {
    const t = Math.min(before + STEP_MS, until);
    const now = offsetMinutesAt(timeZone, t);
    if (now !== offset) {
      // The change lies in (before, t]: halve to the minute.
      let lo = before;
      let hi = t;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutesAt(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      offsets.push([hi, now]);
      offset = now;
    }
    before = t;
  }
  return { time_zone: timeZone, from: start, until, offsets };
}
