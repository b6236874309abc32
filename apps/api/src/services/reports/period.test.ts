import { describe, expect, it } from 'vitest';
import { periodBounds, reportDays, venueArray } from './period.ts';

describe('a report period in London days', () => {
  it('is 25 hours on the day the clocks go back (25 October 2026)', () => {
    const { fromInstant, toInstant } = periodBounds('2026-10-25', '2026-10-25', 'Europe/London');
    // Midnight BST is 23:00 UTC the day before; the next midnight is GMT.
    expect(fromInstant.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(toInstant.toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect((toInstant.getTime() - fromInstant.getTime()) / 3_600_000).toBe(25);
  });

  it('is 23 hours on the day the clocks go forward (29 March 2026)', () => {
    const { fromInstant, toInstant } = periodBounds('2026-03-29', '2026-03-29', 'Europe/London');
    expect(fromInstant.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(toInstant.toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('covers October 2026 from 23:00 UTC on 30 September to midnight UTC on 1 November', () => {
    const { fromInstant, toInstant } = periodBounds('2026-10-01', '2026-10-31', 'Europe/London');
    expect(fromInstant.toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(toInstant.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('lists every day, both ends counted, across a month and a year end', () => {
    expect(reportDays('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(reportDays('2024-01-01', '2024-12-31')).toHaveLength(366);
    expect(reportDays('2026-10-01', '2026-10-01')).toEqual(['2026-10-01']);
  });

  it('passes venue ids as one array parameter', () => {
    expect(venueArray([3, 12])).toBe('{3,12}');
    expect(venueArray([])).toBe('{}');
  });
});
