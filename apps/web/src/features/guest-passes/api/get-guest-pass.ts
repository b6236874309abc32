import { getGuestPass } from '@fieldhouse/contract/routes/guest-passes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET v1/users/:userId/guestPasses/:id */
export const guestPassQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: queryKeys.guestPass(userId, id),
    queryFn: ({ signal }) => call(getGuestPass, { params: { userId, id }, signal }),
  });
