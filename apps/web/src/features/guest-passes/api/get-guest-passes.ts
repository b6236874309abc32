import { listGuestPasses } from '@fieldhouse/contract/routes/guest-passes';
import { GUEST_PASS_PAGE_SIZE } from '@fieldhouse/contract/texts/guest-passes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** GET v1/users/:userId/guestPasses?page&per_page=10 (newest first). */
export const guestPassPageQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.guestPassPage(userId, page),
    queryFn: ({ signal }) =>
      call(listGuestPasses, {
        params: { userId },
        signal,
        query: { page, perPage: GUEST_PASS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
