import type { SavedCard as WireSavedCard } from '@fieldhouse/contract';
import { listSavedCards } from '@fieldhouse/contract/routes/account-payments';
import { queryOptions } from '@tanstack/react-query';
import { type Camel, call } from '../lib/api/client';
import { queryKeys } from '../lib/query-keys';

/** A saved payment card (joining §3), used by checkout and the payments area. */
export type SavedCard = Camel<WireSavedCard>;

/** GET my-account/saved-cards (newest first). */
export const savedCardsQueryOptions = queryOptions({
  queryKey: queryKeys.savedCards,
  queryFn: ({ signal }) => call(listSavedCards, { signal }),
});
