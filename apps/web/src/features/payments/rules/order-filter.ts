import { isCalendarDate } from '../../../lib/dates';

/**
 * Order history filter (joining §5): both dates valid → an inclusive range; only one valid → a one-sided
 * bound; compared by day against the order's createdAt (DD/MM/YYYY). Dates are YYYY-MM-DD strings.
 */
export interface OrderFilter {
  from: string | null;
  to: string | null;
}

export const NO_FILTER: OrderFilter = { from: null, to: null };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A real calendar day written YYYY-MM-DD (rejects 2026-02-30 and partial input). */
export const isValidIsoDate = (value: string | null | undefined): value is string =>
  isCalendarDate(value) && value >= '1900';

/** Keeps the valid dates; a range given backwards is turned round (still inclusive). */
export function normaliseOrderFilter(input: { from?: string | null; to?: string | null }): OrderFilter {
  const from = isValidIsoDate(input.from) ? input.from : null;
  const to = isValidIsoDate(input.to) ? input.to : null;
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
}

export const isFilterActive = (filter: OrderFilter): boolean => filter.from !== null || filter.to !== null;

/** 'DD/MM/YYYY' or 'DD/MM/YYYY HH:mm' → 'YYYY-MM-DD' (null when unreadable). */
export function dayOf(createdAt: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(createdAt);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** Whether an order created on `createdAt` (DD/MM/YYYY …, venue-local) falls inside the filter, by day. */
export function matchesOrderFilter(createdAt: string, filter: OrderFilter): boolean {
  const day = dayOf(createdAt);
  if (day === null) return !isFilterActive(filter);
  if (filter.from && day < filter.from) return false;
  if (filter.to && day > filter.to) return false;
  return true;
}

/** 'YYYY-MM-DD' → '3 Nov 2026'. */
export function formatFilterDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** The active filter in words, or null when there is none. */
export function describeOrderFilter(filter: OrderFilter): string | null {
  if (filter.from && filter.to)
    return filter.from === filter.to
      ? `Orders on ${formatFilterDate(filter.from)}`
      : `Orders from ${formatFilterDate(filter.from)} to ${formatFilterDate(filter.to)}`;
  if (filter.from) return `Orders from ${formatFilterDate(filter.from)}`;
  if (filter.to) return `Orders up to ${formatFilterDate(filter.to)}`;
  return null;
}

/** The filter kept in the URL (?from=&to=), so it survives reloads and the back button. */
export const filterFromSearchParams = (params: URLSearchParams): OrderFilter =>
  normaliseOrderFilter({ from: params.get('from'), to: params.get('to') });

export function filterToSearchParams(filter: OrderFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params;
}
