import { describe, expect, it } from 'vitest';
import { guestPassDate, hasNextPage, hasPreviousPage, pageFromSearch, paginationText } from './pagination';

describe('guest pass pagination', () => {
  it('says which passes are shown', () => {
    expect(
      paginationText({ firstRecordOnCurrentPage: 1, lastRecordOnCurrentPage: 10, totalRecords: 23 }),
    ).toBe('Showing 1–10 of 23');
    expect(
      paginationText({ firstRecordOnCurrentPage: 21, lastRecordOnCurrentPage: 23, totalRecords: 23 }),
    ).toBe('Showing 21–23 of 23');
    expect(paginationText({ firstRecordOnCurrentPage: 0, lastRecordOnCurrentPage: 0, totalRecords: 0 })).toBe(
      '',
    );
  });

  it('offers Previous after page 1 and Next before the last page', () => {
    expect(hasPreviousPage({ currentPage: 1 })).toBe(false);
    expect(hasPreviousPage({ currentPage: 2 })).toBe(true);
    expect(hasNextPage({ currentPage: 1, totalPages: 3 })).toBe(true);
    expect(hasNextPage({ currentPage: 3, totalPages: 3 })).toBe(false);
    expect(hasNextPage({ currentPage: 1, totalPages: 0 })).toBe(false);
  });

  it('starts at page 1', () => {
    expect(pageFromSearch(null)).toBe(1);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('2.5')).toBe(1);
    expect(pageFromSearch('abc')).toBe(1);
    expect(pageFromSearch('3')).toBe(3);
  });
});

describe('guest pass dates', () => {
  it("show as 'D MMM YYYY at HH:mm' in venue time", () => {
    expect(guestPassDate('2026-01-05T09:07:00Z')).toBe('5 Jan 2026 at 09:07');
    expect(guestPassDate('2026-07-15T17:30:00Z')).toBe('15 Jul 2026 at 18:30');
  });

  it("show '-' when there is no date", () => {
    expect(guestPassDate(null)).toBe('-');
  });
});
