import { getCreditBalance } from '@fieldhouse/contract/routes/credits';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET credits/user: booking (general) and membership credit; expired credit does not count. */
export const creditBalanceQueryOptions = queryOptions({
  queryKey: queryKeys.creditBalance,
  queryFn: ({ signal }) => call(getCreditBalance, { signal }),
});
