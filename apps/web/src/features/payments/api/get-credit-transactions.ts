import { listCreditTransactions } from '@fieldhouse/contract/routes/credits';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreditType } from './types';

/** GET credits/user/credit-transactions?type=added|spent (newest first) with 'Total added' / 'Total spent'. */
export const creditTransactionsQueryOptions = (type: CreditType) =>
  queryOptions({
    queryKey: queryKeys.creditTransactions(type),
    queryFn: ({ signal }) =>
      call(listCreditTransactions, {
        signal,
        query: { type },
      }),
  });
