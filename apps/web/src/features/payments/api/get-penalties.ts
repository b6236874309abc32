import { listPenalties } from '@fieldhouse/contract/routes/account-payments';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET user/penalties: the caller's unpaid fees, newest first. */
export const penaltiesQueryOptions = queryOptions({
  queryKey: queryKeys.penalties,
  queryFn: ({ signal }) => call(listPenalties, { signal }),
});
