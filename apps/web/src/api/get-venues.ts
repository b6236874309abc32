import type { VenuesReply, Venue as WireVenue } from '@fieldhouse/contract';
import { getVenue, listVenues } from '@fieldhouse/contract/routes/venues';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** The operator's venues, a page at a time (decision 069): the centre finder, the venue grids, the guest pass form. */
export type Venue = Camel<WireVenue>;
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

export const STALE_MS = 5 * 60_000;

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
