import { formatDateTime } from '../../lib/format';

/** Guest passes come 10 a page (account-shell §9), pages counted from 1. */
export const GUEST_PASS_PAGE_SIZE = 10;

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

/** Guest pass dates: 'D MMM YYYY at HH:mm', venue-local; '-' when there is none. */
export const guestPassDate = (instant: string | null | undefined): string =>
  instant ? formatDateTime(instant) : '-';
