import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  endOfDay,
  formatIso,
  instantAt,
  localDateOf,
  toLocalDate,
} from './local-date.ts';
import {
  formatDuration,
  periodEnd,
  periodStart,
  sessionLabel,
  venueDate,
  venueDateAtTime,
  venueDatePretty,
  venueDateTime,
  venueDayBounds,
  venueLocalIso,
  venueLocalParts,
  venueTime,
} from './venue-time.ts';

describe('venue-local times (Europe/London)', () => {
  it('builds a summer (BST) instant an hour before UTC', () => {
    const at = instantAt({ year: 2026, month: 7, day: 1 }, { hour: 9, minute: 30 });
    expect(at.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(venueTime(at)).toBe('09:30');
  });

  it('builds a winter (GMT) instant equal to UTC', () => {
    const at = instantAt({ year: 2026, month: 12, day: 1 }, { hour: 9, minute: 30 });
    expect(at.toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('handles a session across the October clock change (BST → GMT at 02:00 on 25 Oct 2026)', () => {
    const starts = instantAt({ year: 2026, month: 10, day: 25 }, { hour: 0, minute: 30 });
    const ends = new Date(starts.getTime() + 3 * 60 * 60 * 1000);
    expect(starts.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(venueLocalIso(starts)).toBe('2026-10-25T00:30:00');
    // Three real hours later the wall clock shows only two hours on.
    expect(venueLocalIso(ends)).toBe('2026-10-25T02:30:00');
    expect(formatDuration(starts, ends)).toBe('180min');
    // Same wall-clock time on consecutive days is 25 hours apart over the change.
    const saturday = instantAt({ year: 2026, month: 10, day: 24 }, { hour: 9, minute: 0 });
    const sunday = instantAt({ year: 2026, month: 10, day: 25 }, { hour: 9, minute: 0 });
    expect(sunday.getTime() - saturday.getTime()).toBe(25 * 60 * 60 * 1000);
    expect(venueTime(sunday)).toBe('09:00');
  });

  it('handles a session across the March clock change (GMT → BST at 01:00 on 29 Mar 2026)', () => {
    const starts = instantAt({ year: 2026, month: 3, day: 29 }, { hour: 0, minute: 30 });
    const ends = new Date(starts.getTime() + 60 * 60 * 1000);
    expect(starts.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(venueTime(starts)).toBe('00:30');
    expect(venueTime(ends)).toBe('02:30');
    expect(formatDuration(starts, ends)).toBe('60min');
    const saturday = instantAt({ year: 2026, month: 3, day: 28 }, { hour: 9, minute: 0 });
    const sunday = instantAt({ year: 2026, month: 3, day: 29 }, { hour: 9, minute: 0 });
    expect(sunday.getTime() - saturday.getTime()).toBe(23 * 60 * 60 * 1000);
    expect(sunday.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('reports the venue-local date, not the UTC date, late in a summer evening', () => {
    const at = new Date('2026-06-30T23:30:00Z');
    expect(venueDate(at)).toBe('2026-07-01');
    expect(localDateOf(at)).toEqual({ year: 2026, month: 7, day: 1 });
    expect(venueDatePretty(at)).toBe('Wednesday 1 July 2026');
  });

  it('adds calendar days across month ends', () => {
    expect(addDays({ year: 2026, month: 10, day: 30 }, 3)).toEqual({ year: 2026, month: 11, day: 2 });
    expect(addDays({ year: 2026, month: 3, day: 2 }, -3)).toEqual({ year: 2026, month: 2, day: 27 });
  });
});

describe('timetable helpers', () => {
  it('gives the same local parts as date-fns on both sides of the clock changes', () => {
    for (const iso of [
      '2026-10-24T23:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T09:00:00Z',
      '2027-03-28T00:30:00Z',
      '2027-03-28T01:30:00Z',
      '2026-06-30T23:30:00Z',
    ]) {
      const at = new Date(iso);
      expect(venueLocalParts(at)).toEqual({
        date: venueDate(at),
        time: venueTime(at),
        local: venueLocalIso(at),
      });
    }
  });

  it('names a session for messages', () => {
    expect(sessionLabel('Spin', new Date('2026-11-23T18:00:00Z'))).toBe(
      'Spin at 18:00 on Monday 23 November',
    );
  });

  it('starts benefit periods on the 1st of the month and on Mondays, venue-local', () => {
    const now = new Date('2026-07-16T10:00:00Z'); // Thursday
    expect(periodStart(now, 'month').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(periodStart(now, 'week').toISOString()).toBe('2026-07-12T23:00:00.000Z');
    expect(periodStart(new Date('2026-07-12T23:30:00Z'), 'week').toISOString()).toBe(
      '2026-07-12T23:00:00.000Z',
    );
  });

  it('gives the same period starts hour by hour across clock changes, also when the clock goes back', () => {
    // periodStart remembers the last period per zone; walking forward, then back, must not reuse a stale one.
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const hours = [];
    for (let t = Date.parse('2026-02-20T00:30:00Z'); t < Date.parse('2026-11-10T00:00:00Z'); t += 3_600_000)
      hours.push(t);
    for (const t of [...hours, ...hours.reverse()]) {
      const week = periodStart(new Date(t), 'week');
      const month = periodStart(new Date(t), 'month');
      expect(local.format(week)).toMatch(/^Mon \d+, 00:00$/);
      expect(local.format(month)).toMatch(/^\w+ 1, 00:00$/);
      expect(week.getTime()).toBeLessThanOrEqual(t);
      expect(t - week.getTime()).toBeLessThan(7 * 86_400_000 + 3_600_000);
      expect(month.getTime()).toBeLessThanOrEqual(t);
      expect(t - month.getTime()).toBeLessThan(31 * 86_400_000 + 3_600_000);
    }
  });

  it('counts calendar days between dates', () => {
    expect(daysBetween(toLocalDate('2026-10-20'), toLocalDate('2026-11-02'))).toBe(13);
    expect(formatIso(toLocalDate('2026-03-09'))).toBe('2026-03-09');
  });
});

describe('venueDayBounds (inclusive venue-local day filters)', () => {
  it('runs from 00:00 on `from` to 00:00 after `to` (exclusive), in BST and GMT', () => {
    expect(venueDayBounds({ from: '2026-07-01', to: '2026-07-01' })).toEqual({
      start: new Date('2026-06-30T23:00:00.000Z'),
      end: new Date('2026-07-01T23:00:00.000Z'),
    });
    expect(venueDayBounds({ from: '2026-12-01', to: '2026-12-02' })).toEqual({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2026-12-03T00:00:00.000Z'),
    });
  });

  it('leaves out a missing bound', () => {
    expect(venueDayBounds({ from: '2026-12-01' })).toEqual({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: undefined,
    });
    expect(venueDayBounds({ to: '2026-12-01' })).toEqual({
      start: undefined,
      end: new Date('2026-12-02T00:00:00.000Z'),
    });
    expect(venueDayBounds({})).toEqual({ start: undefined, end: undefined });
  });

  it('gives the October clock-change day 25 hours and the March one 23', () => {
    const october = venueDayBounds({ from: '2026-10-25', to: '2026-10-25' });
    expect(october.end!.getTime() - october.start!.getTime()).toBe(25 * 3_600_000);
    const march = venueDayBounds({ from: '2026-03-29', to: '2026-03-29' });
    expect(march.end!.getTime() - march.start!.getTime()).toBe(23 * 3_600_000);
  });

  it('formats order and guest-pass dates venue-local', () => {
    const at = new Date('2026-10-25T00:30:00.000Z'); // 01:30 BST, before the clocks go back
    expect(venueDateTime(at)).toBe('25/10/2026 01:30');
    expect(venueDateAtTime(new Date('2026-11-16T18:05:00.000Z'))).toBe('16 Nov 2026 at 18:05');
  });
});

describe('periodEnd and endOfDay', () => {
  it('ends a month at 00:00 local on the 1st of the next (across the October clock change and New Year)', () => {
    expect(periodEnd(new Date('2026-10-20T12:00:00Z'), 'month').toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-12-31T23:30:00Z'), 'month').toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-03-10T12:00:00Z'), 'month').toISOString()).toBe(
      '2026-03-31T23:00:00.000Z',
    );
  });

  it('ends a week at 00:00 local on the next Monday', () => {
    // Wednesday 28 October 2026 → Monday 2 November (GMT)
    expect(periodEnd(new Date('2026-10-28T12:00:00Z'), 'week').toISOString()).toBe(
      '2026-11-02T00:00:00.000Z',
    );
  });

  it('gives the last millisecond of a local day', () => {
    expect(endOfDay({ year: 2026, month: 7, day: 1 }).toISOString()).toBe('2026-07-01T22:59:59.999Z');
    expect(endOfDay({ year: 2026, month: 12, day: 1 }).toISOString()).toBe('2026-12-01T23:59:59.999Z');
  });
});
