import { describe, expect, it } from 'vitest';
import {
  dayOf,
  describeOrderFilter,
  filterFromSearchParams,
  filterToSearchParams,
  isValidIsoDate,
  matchesOrderFilter,
  normaliseOrderFilter,
} from './order-filter';

describe('order filter', () => {
  it('accepts only real calendar days', () => {
    expect(isValidIsoDate('2026-11-03')).toBe(true);
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2026-13-01')).toBe(false);
    expect(isValidIsoDate('03/11/2026')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
    expect(isValidIsoDate(null)).toBe(false);
  });

  it('keeps both valid dates as an inclusive range', () => {
    const filter = normaliseOrderFilter({ from: '2026-11-01', to: '2026-11-30' });
    expect(filter).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(matchesOrderFilter('01/11/2026 00:05', filter)).toBe(true);
    expect(matchesOrderFilter('30/11/2026 23:59', filter)).toBe(true);
    expect(matchesOrderFilter('31/10/2026 23:59', filter)).toBe(false);
    expect(matchesOrderFilter('01/12/2026 00:00', filter)).toBe(false);
  });

  it('uses a one-sided bound when only one date is valid', () => {
    const fromOnly = normaliseOrderFilter({ from: '2026-11-10', to: 'not a date' });
    expect(fromOnly).toEqual({ from: '2026-11-10', to: null });
    expect(matchesOrderFilter('10/11/2026 09:00', fromOnly)).toBe(true);
    expect(matchesOrderFilter('09/11/2026 23:59', fromOnly)).toBe(false);
    expect(matchesOrderFilter('01/01/2030 09:00', fromOnly)).toBe(true);

    const toOnly = normaliseOrderFilter({ from: '', to: '2026-11-10' });
    expect(toOnly).toEqual({ from: null, to: '2026-11-10' });
    expect(matchesOrderFilter('10/11/2026 23:59', toOnly)).toBe(true);
    expect(matchesOrderFilter('11/11/2026 00:00', toOnly)).toBe(false);
    expect(matchesOrderFilter('01/01/2000 00:00', toOnly)).toBe(true);
  });

  it('matches everything without a filter, and turns a backwards range round', () => {
    const none = normaliseOrderFilter({});
    expect(matchesOrderFilter('01/01/2020 10:00', none)).toBe(true);
    expect(normaliseOrderFilter({ from: '2026-12-01', to: '2026-11-01' })).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
  });

  it('reads the day of DD/MM/YYYY dates', () => {
    expect(dayOf('03/11/2026 18:30')).toBe('2026-11-03');
    expect(dayOf('03/11/2026')).toBe('2026-11-03');
    expect(dayOf('2026-11-03')).toBeNull();
  });

  it('describes the active filter', () => {
    expect(describeOrderFilter({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      'Orders from 1 Nov 2026 to 30 Nov 2026',
    );
    expect(describeOrderFilter({ from: '2026-11-01', to: '2026-11-01' })).toBe('Orders on 1 Nov 2026');
    expect(describeOrderFilter({ from: '2026-11-01', to: null })).toBe('Orders from 1 Nov 2026');
    expect(describeOrderFilter({ from: null, to: '2026-11-30' })).toBe('Orders up to 30 Nov 2026');
    expect(describeOrderFilter({ from: null, to: null })).toBeNull();
  });

  it('round-trips through the URL', () => {
    const filter = { from: '2026-11-01', to: null };
    expect(filterToSearchParams(filter).toString()).toBe('from=2026-11-01');
    expect(filterFromSearchParams(new URLSearchParams('from=2026-11-01&to=bad'))).toEqual(filter);
  });
});
