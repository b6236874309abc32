import type { GuestPassAllowance as WireGuestPassAllowance } from '@fieldhouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { base } from './keys';

/** GET v1/users/:userId/guestPasses/allowances */
export const allowancesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.guestPassAllowances(userId),
    queryFn: ({ signal }) => api.get<WireGuestPassAllowance[]>(`${base(userId)}/allowances`, { signal }),
  });
