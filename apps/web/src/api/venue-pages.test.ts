import { describe, expect, it } from 'vitest';
import type { Venue, VenuesPage } from './get-venues';
import { joinPages } from './venue-pages';

const venue = (id: number) => ({ id, slug: `v-${id}`, name: `Venue ${id}` }) as Venue;
const page = (current: number, totalPages: number, totalRecords: number, ids: number[]): VenuesPage => ({
  venues: ids.map(venue),
  pagination: {
    currentPage: current,
    totalPages,
    totalRecords,
    firstRecordOnCurrentPage: ids.length ? (current - 1) * 2 + 1 : 0,
    lastRecordOnCurrentPage: ids.length ? (current - 1) * 2 + ids.length : 0,
  },
});

describe('joinPages (the venue lists shown a page at a time)', () => {
  it('lists the pages in order with the total, and has more until the last page', () => {
    expect(joinPages([page(1, 3, 5, [1, 2])])).toEqual({
      venues: [venue(1), venue(2)],
      total: 5,
      hasMore: true,
      isPaged: true,
    });
    const all = joinPages([page(1, 3, 5, [1, 2]), page(2, 3, 5, [3, 4]), page(3, 3, 5, [5])]);
    expect(all.venues.map((v) => v.id)).toEqual([1, 2, 3, 4, 5]);
    expect(all.hasMore).toBe(false);
    // Still paged: the count stays under the list once the last page is in.
    expect(all.isPaged).toBe(true);
  });

  it('keeps "more" while the next page loads, so the button stays under the focus', () => {
    expect(joinPages([page(1, 3, 5, [1, 2]), undefined]).hasMore).toBe(true);
    expect(joinPages([page(1, 3, 5, [1, 2]), undefined]).venues).toHaveLength(2);
  });

  it('shows a venue once when a venue added meanwhile shifts it onto the next page too', () => {
    const shifted = joinPages([page(1, 3, 6, [1, 2]), page(2, 3, 6, [2, 3])]);
    expect(shifted.venues.map((v) => v.id)).toEqual([1, 2, 3]);
  });

  it('has nothing and no more before the first page arrives, or for an empty search', () => {
    expect(joinPages([])).toEqual({ venues: [], total: 0, hasMore: false, isPaged: false });
    expect(joinPages([undefined])).toEqual({ venues: [], total: 0, hasMore: false, isPaged: false });
    expect(joinPages([page(1, 1, 0, [])])).toEqual({ venues: [], total: 0, hasMore: false, isPaged: false });
  });
});
