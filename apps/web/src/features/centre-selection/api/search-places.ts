import type { GeocodingReply } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';

export type GeocodingResult = Camel<GeocodingReply['data']>;

/** GET /api/geocoding?q= — places for a town, city or postcode, best match first. */
export const geocodingQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['public', 'geocoding', term.trim().toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<GeocodingReply['data']>('geocoding', { query: { q: term.trim() }, signal }),
    staleTime: 60 * 60_000,
  });
