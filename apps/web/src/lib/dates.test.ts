import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isCalendarDate, venueToday } from './dates';

describe('web calendar dates (the server rules: apps/api/src/lib/local-date.ts)', () => {
  it('clamps a month on to the month end: 31 Jan + 1 month = 28 Feb, 29 Feb in a leap year', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('adds days across month ends, leap days and the clock changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
  });

  it("gives the venue's today around midnight on both clock-change days", () => {
    expect(venueToday(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(venueToday(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(venueToday(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(venueToday(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('accepts only real calendar days written YYYY-MM-DD', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-01',
      '01/02/2026',
      '',
      null,
      undefined,
    ])
      expect(isCalendarDate(bad)).toBe(false);
  });
});
