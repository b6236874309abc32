import type { VenuePin as WireVenuePin } from '@fieldhouse/contract';
import { listVenuePins } from '@fieldhouse/contract/routes/venues';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';
import { STALE_MS } from './get-venues';

/** A map pin: what the map draws, labels and selects. */
export type VenuePin = Camel<WireVenuePin>;

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
