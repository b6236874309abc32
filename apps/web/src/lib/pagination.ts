/** Page maths of a paged list from the API (pages counted from 1; a page past the end is empty). */
export interface PaginationLike {
  currentPage: number;
  totalPages: number;
  totalRecords: number;
  firstRecordOnCurrentPage: number;
  lastRecordOnCurrentPage: number;
}

/** 'Showing 11–20 of 23' (empty when there is nothing to show). */
export function paginationText(
  p: Pick<PaginationLike, 'firstRecordOnCurrentPage' | 'lastRecordOnCurrentPage' | 'totalRecords'>,
): string {
  if (p.totalRecords <= 0) return '';
  return `Showing ${p.firstRecordOnCurrentPage}–${p.lastRecordOnCurrentPage} of ${p.totalRecords}`;
}

export const hasPreviousPage = (p: Pick<PaginationLike, 'currentPage'>): boolean => p.currentPage > 1;
export const hasNextPage = (p: Pick<PaginationLike, 'currentPage' | 'totalPages'>): boolean =>
  p.currentPage < p.totalPages;

/** The page in the URL (?page=), 1 when missing or not a whole number ≥ 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
