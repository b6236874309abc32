import type { creditBalanceReply } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET credits/user: booking (general) and membership credit; expired credit does not count. */
export const creditBalanceQueryOptions = queryOptions({
  queryKey: queryKeys.creditBalance,
  queryFn: ({ signal }) => api.get<z.infer<typeof creditBalanceReply>['data']>('credits/user', { signal }),
});
