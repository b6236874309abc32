import type { VenuesReply, Venue as WireVenue, VenuePin as WireVenuePin } from '@fieldhouse/contract';
import { getVenue, listVenuePins, listVenues } from '@fieldhouse/contract/routes/venues';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** The operator's venues, a page at a time (decision 069): the centre finder, the venue grids, the guest pass form. */
export type Venue = Camel<WireVenue>;
/** A map pin: what the map draws, labels and selects. */
export type VenuePin = Camel<WireVenuePin>;
export type VenuesPage = Camel<VenuesReply['data']>;

/** A venue search (GET /api/venues): names, or name, town and postcode, containing a term; near a point. */
export interface VenueSearch {
  name?: string;
  q?: string;
  lat?: number;
  lng?: number;
  radius?: number;
  perPage?: number;
}

const STALE_MS = 5 * 60_000;

/** One page of a venue search (20 venues unless `perPage` says otherwise). */
export const venuesPageQueryOptions = (search: VenueSearch = {}, page = 1) =>
  queryOptions({
    queryKey: [...queryKeys.venues, 'page', search, page] as const,
    queryFn: ({ signal }) => call(listVenues, { query: { ...search, page }, signal }),
    staleTime: STALE_MS,
  });

/** One venue by its slug (a centre's page, a timetable's heading). */
export const venueQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...queryKeys.venues, 'slug', slug] as const,
    queryFn: ({ signal }) => call(getVenue, { params: { slug }, signal }),
    staleTime: STALE_MS,
  });

/** Every venue's map pin (one page of up to 1,000 for any operator today; later pages fetched in turn). */
export const venuePinsQueryOptions = queryOptions({
  queryKey: [...queryKeys.venues, 'pins'] as const,
  queryFn: async ({ signal }) => {
    const first = await call(listVenuePins, { signal });
    const pins = [...first.pins];
    for (let page = 2; page <= first.pagination.totalPages; page++)
      pins.push(...(await call(listVenuePins, { query: { page }, signal })).pins);
    return pins;
  },
  staleTime: STALE_MS,
});

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
  };
}

/**
 * A venue search shown a page at a time with 'Show more': the first page, then one more page each time `showMore`
 * is called; a new search starts again from its first page. `search` null: nothing is asked.
 */
export function useVenuePages(search: VenueSearch | null) {
  const key = JSON.stringify(search);
  const [shown, setShown] = useState({ key, pages: 1 });
  const pages = shown.key === key ? shown.pages : 1;
  const results = useQueries({
    queries: search ? Array.from({ length: pages }, (_, i) => venuesPageQueryOptions(search, i + 1)) : [],
  });
  const first = results[0];
  const last = results.at(-1);
  return {
    ...joinPages(results.map((r) => r.data)),
    isPending: Boolean(first?.isPending),
    error: results.find((r) => r.error)?.error ?? null,
    isLoadingMore: pages > 1 && Boolean(last?.isPending),
    showMore: () => setShown({ key, pages: pages + 1 }),
    retry: () => void results.find((r) => r.error)?.refetch(),
  };
}
