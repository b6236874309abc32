import { useCallback, useMemo } from 'react';
import { venueToday } from '../../../../lib/dates';
import { useLocation, useNavigate } from '../../../../lib/router';
import type { ReportFilter } from '../../../../ui/reports/report-filter-bar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The month so far: its first day to today (venue-local). */
export function defaultReportFilter(today = venueToday()): ReportFilter {
  return { from: `${today.slice(0, 8)}01`, to: today, venueId: null };
}

/** A filter as the page's query string (`?from=&to=&venue_id=`), which the sub-navigation carries between reports. */
export function reportSearch(filter: ReportFilter): string {
  const search = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.venueId !== null) search.set('venue_id', String(filter.venueId));
  return `?${search.toString()}`;
}

/**
 * Every report page's period and venue, kept in the address (so a report can be bookmarked, reloaded or shared, and
 * the sub-navigation keeps it from one report to the next); the month so far when the address has none.
 */
export function useReportFilter(): [ReportFilter, (next: ReportFilter) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => {
    const search = new URLSearchParams(location.search);
    const fallback = defaultReportFilter();
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const venue = Number(search.get('venue_id'));
    return {
      from: DATE.test(from) ? from : fallback.from,
      to: DATE.test(to) ? to : fallback.to,
      venueId: Number.isInteger(venue) && venue > 0 ? venue : null,
    };
  }, [location.search]);
  const setFilter = useCallback(
    (next: ReportFilter) => navigate(`${location.pathname}${reportSearch(next)}`),
    [navigate, location.pathname],
  );
  return [filter, setFilter];
}
