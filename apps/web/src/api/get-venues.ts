import type { Venue as WireVenue } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camel } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** The operator's venues: the venue chooser and the guest pass venue search share them. */
export type Venue = Camel<WireVenue>;

export const venuesQueryOptions = queryOptions({
  queryKey: queryKeys.venues,
  queryFn: ({ signal }) => api.get<WireVenue[]>('venues', { signal }),
  staleTime: 5 * 60_000,
});
