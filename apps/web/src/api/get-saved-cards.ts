import type { SavedCard as WireSavedCard } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type Camel } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** A saved payment card (joining §3), used by checkout and the payments area. */
export type SavedCard = Camel<WireSavedCard>;

/** GET my-account/saved-cards (newest first). */
export const savedCardsQueryOptions = queryOptions({
  queryKey: queryKeys.savedCards,
  queryFn: ({ signal }) => api.get<WireSavedCard[]>('my-account/saved-cards', { signal }),
});
