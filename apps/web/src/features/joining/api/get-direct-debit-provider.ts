import { getDirectDebitProvider } from '@fieldhouse/contract/routes/membership-purchase';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** GET direct-debit/provider: which provider collects direct debits ('go_cardless' shows its notice). */
export const directDebitProviderQueryOptions = queryOptions({
  queryKey: ['public', 'direct-debit-provider'] as const,
  queryFn: ({ signal }) => call(getDirectDebitProvider, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
