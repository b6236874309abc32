import { describe, expect, it } from 'vitest';
import {
  addVenueDays,
  formatDuration,
  venueDate,
  venueDatePretty,
  venueLocalDate,
  venueLocalInstant,
  venueLocalIso,
  venueTime,
} from './venue-time.ts';

describe('venue-local times (Europe/London)', () => {
  it('builds a summer (BST) instant an hour before UTC', () => {
    const at = venueLocalInstant({ year: 2026, month: 7, day: 1 }, { hour: 9, minute: 30 });
    expect(at.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(venueTime(at)).toBe('09:30');
  });

  it('builds a winter (GMT) instant equal to UTC', () => {
    const at = venueLocalInstant({ year: 2026, month: 12, day: 1 }, { hour: 9, minute: 30 });
    expect(at.toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('handles a session across the October clock change (BST → GMT at 02:00 on 25 Oct 2026)', () => {
    const starts = venueLocalInstant({ year: 2026, month: 10, day: 25 }, { hour: 0, minute: 30 });
    const ends = new Date(starts.getTime() + 3 * 60 * 60 * 1000);
    expect(starts.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(venueLocalIso(starts)).toBe('2026-10-25T00:30:00');
    // Three real hours later the wall clock shows only two hours on.
    expect(venueLocalIso(ends)).toBe('2026-10-25T02:30:00');
    expect(formatDuration(starts, ends)).toBe('180min');
    // Same wall-clock time on consecutive days is 25 hours apart over the change.
    const saturday = venueLocalInstant({ year: 2026, month: 10, day: 24 }, { hour: 9, minute: 0 });
    const sunday = venueLocalInstant({ year: 2026, month: 10, day: 25 }, { hour: 9, minute: 0 });
    expect(sunday.getTime() - saturday.getTime()).toBe(25 * 60 * 60 * 1000);
    expect(venueTime(sunday)).toBe('09:00');
  });

  it('handles a session across the March clock change (GMT → BST at 01:00 on 29 Mar 2026)', () => {
    const starts = venueLocalInstant({ year: 2026, month: 3, day: 29 }, { hour: 0, minute: 30 });
    const ends = new Date(starts.getTime() + 60 * 60 * 1000);
    expect(starts.toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(venueTime(starts)).toBe('00:30');
    expect(venueTime(ends)).toBe('02:30');
    expect(formatDuration(starts, ends)).toBe('60min');
    const saturday = venueLocalInstant({ year: 2026, month: 3, day: 28 }, { hour: 9, minute: 0 });
    const sunday = venueLocalInstant({ year: 2026, month: 3, day: 29 }, { hour: 9, minute: 0 });
    expect(sunday.getTime() - saturday.getTime()).toBe(23 * 60 * 60 * 1000);
    expect(sunday.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('reports the venue-local date, not the UTC date, late in a summer evening', () => {
    const at = new Date('2026-06-30T23:30:00Z');
    expect(venueDate(at)).toBe('2026-07-01');
    expect(venueLocalDate(at)).toEqual({ year: 2026, month: 7, day: 1 });
    expect(venueDatePretty(at)).toBe('Wednesday 1 July 2026');
  });

  it('adds calendar days across month ends', () => {
    expect(addVenueDays({ year: 2026, month: 10, day: 30 }, 3)).toEqual({ year: 2026, month: 11, day: 2 });
    expect(addVenueDays({ year: 2026, month: 3, day: 2 }, -3)).toEqual({ year: 2026, month: 2, day: 27 });
  });
});
