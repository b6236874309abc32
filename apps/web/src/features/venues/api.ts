import type { Venue as WireVenue } from '@fieldhouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camel } from '../../lib/api/client';

export type Venue = Camel<WireVenue>;

export const venuesQueryOptions = queryOptions({
  queryKey: ['public', 'venues'],
  queryFn: ({ signal }) => api.get<WireVenue[]>('venues', { signal }),
  staleTime: 5 * 60_000,
});

export const useVenues = () => useQuery(venuesQueryOptions);
