import type { GeocodingReply } from '@fieldhouse/contract';
import { searchPlaces } from '@fieldhouse/contract/routes/geocoding';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';

export type GeocodingResult = Camel<GeocodingReply['data']>;

/** GET /api/geocoding?q= — places for a town, city or postcode, best match first. */
export const geocodingQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['public', 'geocoding', term.trim().toLowerCase()],
    queryFn: ({ signal }) => call(searchPlaces, { query: { q: term.trim() }, signal }),
    staleTime: 60 * 60_000,
  });
