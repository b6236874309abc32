import type { Venue as WireVenue } from '@fieldhouse/contract';
import { listVenues } from '@fieldhouse/contract/routes/venues';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** The operator's venues: the venue chooser and the guest pass venue search share them. */
export type Venue = Camel<WireVenue>;

export const venuesQueryOptions = queryOptions({
  queryKey: queryKeys.venues,
  queryFn: ({ signal }) => call(listVenues, { signal }),
  staleTime: 5 * 60_000,
});
