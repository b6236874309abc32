import type { GuestPass as WireGuestPass } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { base } from './keys';

/** GET v1/users/:userId/guestPasses/:id */
export const guestPassQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: queryKeys.guestPass(userId, id),
    queryFn: ({ signal }) => api.get<WireGuestPass>(`${base(userId)}/${id}`, { signal }),
  });
