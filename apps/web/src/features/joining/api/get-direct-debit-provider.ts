import type { directDebitProviderReply } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Data } from './keys';

/** GET direct-debit/provider: which provider collects direct debits ('go_cardless' shows its notice). */
export const directDebitProviderQueryOptions = queryOptions({
  queryKey: ['public', 'direct-debit-provider'] as const,
  queryFn: ({ signal }) =>
    api.get<Data<typeof directDebitProviderReply>>('direct-debit/provider', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
