import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToInstant,
  addPeriod,
  compareDates,
  DEFAULT_TIME_ZONE,
  daysBetween,
  daysInMonth,
  displayDate,
  endOfDay,
  formatIso,
  instantAt,
  instantsIn,
  type LocalDate,
  localDateOf,
  mondayOf,
  parseLocalDate,
  prettyDate,
  startOfDay,
  toLocalDate,
} from './local-date.ts';

const d = (iso: string) => toLocalDate(iso);
const HOUR = 3_600_000;

describe('LocalDate: parsing and formatting', () => {
  it('parses only real calendar dates written YYYY-MM-DD', () => {
    expect(parseLocalDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    for (const bad of ['2027-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-05', '05/01/2026', ''])
      expect(parseLocalDate(bad)).toBeNull();
    expect(() => toLocalDate('2026-02-30')).toThrow(RangeError);
  });

  it('formats as ISO, D MMMM YYYY and DD/MM/YYYY', () => {
    expect(formatIso(d('2026-03-09'))).toBe('2026-03-09');
    expect(prettyDate(d('2026-12-01'))).toBe('1 December 2026');
    expect(displayDate(d('2026-03-09'))).toBe('09/03/2026');
  });

  it('knows month lengths, leap years included (2000 yes, 2100 no)', () => {
    expect([2026, 2028, 2000, 2100].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 29, 28]);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});

describe('LocalDate: arithmetic', () => {
  it('clamps a month on to the end of a shorter month: 31 Jan + 1 month = 28 Feb, or 29 Feb in a leap year', () => {
    expect(addMonths(d('2026-01-31'), 1)).toEqual(d('2026-02-28'));
    expect(addMonths(d('2028-01-31'), 1)).toEqual(d('2028-02-29'));
    expect(addMonths(d('2026-03-31'), -1)).toEqual(d('2026-02-28'));
    expect(addMonths(d('2026-08-31'), 1)).toEqual(d('2026-09-30'));
    expect(addMonths(d('2026-11-15'), 2)).toEqual(d('2027-01-15'));
    expect(addMonths(d('2026-01-15'), -13)).toEqual(d('2024-12-15'));
  });

  it('adds periods: a year from 29 Feb is 28 Feb, weeks are seven days', () => {
    expect(addPeriod(d('2028-02-29'), 1, 'year')).toEqual(d('2029-02-28'));
    expect(addPeriod(d('2028-02-29'), 4, 'year')).toEqual(d('2032-02-29'));
    expect(addPeriod(d('2026-12-28'), 1, 'week')).toEqual(d('2027-01-04'));
    expect(addPeriod(d('2026-01-31'), 3, 'month')).toEqual(d('2026-04-30'));
    expect(addPeriod(d('2026-02-27'), 2, 'day')).toEqual(d('2026-03-01'));
    expect(addPeriod(d('2028-02-27'), 2, 'day')).toEqual(d('2028-02-29'));
  });

  it('counts days across the clock changes and leap days as whole calendar days', () => {
    expect(daysBetween(d('2026-03-28'), d('2026-03-30'))).toBe(2);
    expect(daysBetween(d('2026-10-24'), d('2026-10-26'))).toBe(2);
    expect(daysBetween(d('2028-02-28'), d('2028-03-01'))).toBe(2);
    expect(daysBetween(d('2026-03-01'), d('2026-02-01'))).toBe(-28);
    expect(addDays(d('2026-03-28'), 1)).toEqual(d('2026-03-29'));
    expect(addDays(d('2026-10-25'), 1)).toEqual(d('2026-10-26'));
  });

  it('finds the Monday of a week and orders dates', () => {
    expect(mondayOf(d('2026-07-16'))).toEqual(d('2026-07-13'));
    expect(mondayOf(d('2026-07-13'))).toEqual(d('2026-07-13'));
    expect(mondayOf(d('2026-11-01'))).toEqual(d('2026-10-26'));
    expect(compareDates(d('2026-01-31'), d('2026-02-01'))).toBeLessThan(0);
    expect(compareDates(d('2026-02-01'), d('2026-02-01'))).toBe(0);
    expect(compareDates(d('2027-01-01'), d('2026-12-31'))).toBeGreaterThan(0);
  });

  it('keeps addDays and daysBetween consistent, and month steps on the same or an earlier day', () => {
    const date = fc
      .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
      .chain(({ year, month }) =>
        fc.integer({ min: 1, max: daysInMonth(year, month) }).map((day): LocalDate => ({ year, month, day })),
      );
    fc.assert(
      fc.property(date, fc.integer({ min: -800, max: 800 }), (start, n) => {
        const later = addDays(start, n);
        expect(daysBetween(start, later)).toBe(n);
        expect(parseLocalDate(formatIso(later))).toEqual(later);
      }),
    );
    fc.assert(
      fc.property(date, fc.integer({ min: -30, max: 30 }), (start, n) => {
        const moved = addMonths(start, n);
        expect((moved.year - start.year) * 12 + moved.month - start.month).toBe(n);
        expect(moved.day).toBe(Math.min(start.day, daysInMonth(moved.year, moved.month)));
      }),
    );
  });
});

describe('LocalDate: the venue zone (Europe/London by default)', () => {
  it('defaults to Europe/London', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/London');
  });

  it("gives today's date where the venue is, not in UTC", () => {
    expect(localDateOf(new Date('2026-06-30T23:30:00Z'))).toEqual(d('2026-07-01'));
    expect(localDateOf(new Date('2026-12-31T23:30:00Z'))).toEqual(d('2026-12-31'));
    expect(localDateOf(new Date('2026-06-30T23:30:00Z'), 'UTC')).toEqual(d('2026-06-30'));
    expect(localDateOf(new Date('2026-06-30T12:00:00Z'), 'Pacific/Auckland')).toEqual(d('2026-07-01'));
  });

  it('turns the date over at local midnight on the March clock-change day (GMT → BST, 29 Mar 2026)', () => {
    expect(localDateOf(new Date('2026-03-28T23:59:00Z'))).toEqual(d('2026-03-28'));
    expect(localDateOf(new Date('2026-03-29T00:00:00Z'))).toEqual(d('2026-03-29'));
    // 23:30 UTC on the 29th is 00:30 BST on the 30th.
    expect(localDateOf(new Date('2026-03-29T23:30:00Z'))).toEqual(d('2026-03-30'));
    expect(startOfDay(d('2026-03-29')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay(d('2026-03-30')).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDay(d('2026-03-30')).getTime() - startOfDay(d('2026-03-29')).getTime()).toBe(23 * HOUR);
  });

  it('turns the date over at local midnight on the October clock-change day (BST → GMT, 25 Oct 2026)', () => {
    expect(localDateOf(new Date('2026-10-24T22:59:00Z'))).toEqual(d('2026-10-24'));
    expect(localDateOf(new Date('2026-10-24T23:00:00Z'))).toEqual(d('2026-10-25'));
    expect(localDateOf(new Date('2026-10-25T23:30:00Z'))).toEqual(d('2026-10-25'));
    expect(startOfDay(d('2026-10-25')).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(endOfDay(d('2026-10-25')).toISOString()).toBe('2026-10-25T23:59:59.999Z');
    expect(startOfDay(d('2026-10-26')).getTime() - startOfDay(d('2026-10-25')).getTime()).toBe(25 * HOUR);
  });

  it('places a wall-clock time in the right offset on either side of a change', () => {
    expect(instantAt(d('2026-03-29'), { hour: 9, minute: 0 }).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(instantAt(d('2026-10-25'), { hour: 9, minute: 0 }).toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(instantAt(d('2026-07-01'), { hour: 9, minute: 0 }, 'UTC').toISOString()).toBe(
      '2026-07-01T09:00:00.000Z',
    );
  });

  it('reads a time the clocks repeat as its first occurrence and one they skip as moved forward (RFC 5545)', () => {
    // 25 Oct 2026: 01:00–01:59 happens twice in London (BST, then GMT): the first is 00:30Z.
    expect(instantAt(d('2026-10-25'), { hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(instantAt(d('2026-10-25'), { hour: 0, minute: 59 }).toISOString()).toBe(
      '2026-10-24T23:59:00.000Z',
    );
    expect(instantAt(d('2026-10-25'), { hour: 2, minute: 0 }).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // 29 Mar 2026: 01:00–01:59 does not exist in London: 01:30 is read as GMT, i.e. 02:30 BST.
    expect(instantAt(d('2026-03-29'), { hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(instantAt(d('2026-03-29'), { hour: 0, minute: 30 }).toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    // Same rules elsewhere: New York repeats 01:00–01:59 on 1 Nov 2026 (EDT, then EST).
    expect(instantAt(d('2026-11-01'), { hour: 1, minute: 30 }, 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(instantAt(d('2026-03-08'), { hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('adds months to an instant at the same venue-local time, clamped (31 Jan + 1 month = 28 Feb)', () => {
    const at = instantAt(d('2026-01-31'), { hour: 10, minute: 0 });
    expect(addMonthsToInstant(at, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    // Into summer time: still 10:00 on the wall clock, so 09:00 UTC.
    expect(addMonthsToInstant(at, 3).toISOString()).toBe('2026-04-30T09:00:00.000Z');
    expect(addMonthsToInstant(at, 12).toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });
});

describe('instantsIn: instantAt for many times of one zone', () => {
  const ZONES = [
    'Europe/London',
    'Europe/Dublin',
    'America/New_York',
    // Clock changes at midnight, and a half-hour change.
    'America/Santiago',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
  ];

  it('gives instantAt’s answer for any date and time, clock-change days included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2031-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, day, hour, minute) => {
          const d = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
          expect(instantsIn(zone)(d, { hour, minute })).toEqual(instantAt(d, { hour, minute }, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('every quarter hour of London’s 2026 clock-change days and the days around them', () => {
    const at = instantsIn('Europe/London');
    for (const iso of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']) {
      const d = toLocalDate(iso);
      for (let q = 0; q < 96; q++) {
        const time = { hour: Math.floor(q / 4), minute: (q % 4) * 15 };
        expect(at(d, time)).toEqual(instantAt(d, time, 'Europe/London'));
      }
    }
  });
});
