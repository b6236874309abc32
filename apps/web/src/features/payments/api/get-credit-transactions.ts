import type { creditTransactionsReply } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreditType } from './types';

/** GET credits/user/credit-transactions?type=added|spent (newest first) with 'Total added' / 'Total spent'. */
export const creditTransactionsQueryOptions = (type: CreditType) =>
  queryOptions({
    queryKey: queryKeys.creditTransactions(type),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof creditTransactionsReply>['data']>('credits/user/credit-transactions', {
        signal,
        query: { type },
      }),
  });
