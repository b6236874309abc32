import { getGuestPassAllowances } from '@fieldhouse/contract/routes/guest-passes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET v1/users/:userId/guestPasses/allowances */
export const allowancesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.guestPassAllowances(userId),
    queryFn: ({ signal }) => call(getGuestPassAllowances, { params: { userId }, signal }),
  });
