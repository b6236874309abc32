import { describe, expect, it } from 'vitest';
import { sessionState } from '../../lib/session-state.ts';
import { resolveRange } from './timetable-service.ts';

const now = new Date('2026-10-20T10:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const facts = (overrides: Partial<Parameters<typeof sessionState>[0]> = {}) => ({
  startsAt: hours(24),
  capacity: 10,
  bookedCount: 3,
  bookedByCaller: false,
  cancelledAt: null,
  ...overrides,
});

describe('sessionState', () => {
  it('orders cancelled, started, booked, full, not released, bookable', () => {
    expect(sessionState(facts({ startsAt: now, bookedByCaller: true, cancelledAt: now }), now, 7)).toEqual({
      state: 'cancelled',
      releasesAt: null,
    });
    expect(sessionState(facts({ startsAt: now, bookedByCaller: true, bookedCount: 10 }), now, 7).state).toBe(
      'started',
    );
    expect(sessionState(facts({ bookedByCaller: true, bookedCount: 10 }), now, 7).state).toBe('booked');
    expect(sessionState(facts({ bookedCount: 10, startsAt: hours(24 * 9) }), now, 7).state).toBe('full');
    expect(sessionState(facts({ startsAt: hours(24 * 9) }), now, 7)).toEqual({
      state: 'not_released',
      releasesAt: hours(48),
    });
    expect(sessionState(facts({ startsAt: hours(24 * 7) }), now, 7)).toEqual({
      state: 'bookable',
      releasesAt: null,
    });
  });
});

describe('resolveRange', () => {
  it('defaults to 14 venue-local days from today, midnight to midnight', () => {
    const range = resolveRange({}, new Date('2026-10-19T23:30:00Z'), 'Europe/London'); // 00:30 BST on the 20th
    expect(range.from).toEqual({ year: 2026, month: 10, day: 20 });
    expect(range.to).toEqual({ year: 2026, month: 11, day: 2 });
    expect(range.fromInstant.toISOString()).toBe('2026-10-19T23:00:00.000Z');
    expect(range.toInstant.toISOString()).toBe('2026-11-03T00:00:00.000Z'); // GMT after the clocks went back
  });

  it('refuses more than 14 days and reversed ranges', () => {
    expect(() => resolveRange({ from: '2026-10-01', to: '2026-10-15' }, now, 'Europe/London')).toThrow(
      /14 days/,
    );
    expect(() => resolveRange({ from: '2026-10-02', to: '2026-10-01' }, now, 'Europe/London')).toThrow(
      /on or after/,
    );
    expect(resolveRange({ from: '2026-10-01' }, now, 'Europe/London').to).toEqual({
      year: 2026,
      month: 10,
      day: 14,
    });
  });
});
