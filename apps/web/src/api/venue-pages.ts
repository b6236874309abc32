import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../lib/query-keys';
import {
  STALE_MS,
  type Venue,
  type VenueSearch,
  type VenuesPage,
  venuesPageQueryOptions,
} from './get-venues';

/**
 * The venues of the pages loaded so far, each once (a venue added while the member reads would otherwise show twice
 * as the pages shift), with the total and whether 'Show more' has more to show.
 */
export function joinPages(pages: readonly (VenuesPage | undefined)[]) {
  const seen = new Set<number>();
  const venues: Venue[] = [];
  for (const page of pages)
    for (const venue of page?.venues ?? [])
      if (!seen.has(venue.id)) {
        seen.add(venue.id);
        venues.push(venue);
      }
  // While a page loads, the last page loaded says whether there is more (so 'Show more' stays where it is).
  const last = pages.findLast((page) => page !== undefined);
  return {
    venues,
    total: pages[0]?.pagination.totalRecords ?? 0,
    hasMore: Boolean(last && last.pagination.currentPage < last.pagination.totalPages),
    /** More than one page in all: 'Show more' (and then its count) belongs under the list. */
    isPaged: (pages[0]?.pagination.totalPages ?? 1) > 1,
  };
}

/**
 * A venue search shown a page at a time with 'Show more': the first page, then one more page each time `showMore`
 * is called; a new search starts again from its first page. `search` null: nothing is asked.
 */
export function useVenuePages(search: VenueSearch | null) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(search);
  const [shown, setShown] = useState({ key, pages: 1 });
  const count = shown.key === key ? shown.pages : 1;
  const pageOptions = (page: number) => venuesPageQueryOptions(search ?? {}, page);
  // One query over the pages shown, each page its own cached query (the site prefetches the first; 'Show more'
  // fetches only the new one). Not useQueries: its observer would weigh on every first load (vite.config.ts).
  const pages = useQuery({
    queryKey: [...queryKeys.venues, 'pages', search, count] as const,
    queryFn: () =>
      Promise.all(Array.from({ length: count }, (_, i) => queryClient.fetchQuery(pageOptions(i + 1)))),
    initialData: () => {
      const cached = Array.from({ length: count }, (_, i) =>
        queryClient.getQueryData(pageOptions(i + 1).queryKey),
      );
      return cached.every(Boolean) ? (cached as VenuesPage[]) : undefined;
    },
    enabled: search !== null,
    staleTime: STALE_MS,
    // The pages shown stay while the next one loads ('Show more'); a new search starts empty.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[3]) === key ? previous : undefined,
  });
  return {
    ...joinPages(pages.data ?? []),
    isPending: search !== null && pages.isPending,
    error: pages.error,
    isLoadingMore: pages.isPlaceholderData,
    showMore: () => setShown({ key, pages: count + 1 }),
  };
}
