import type { changeReply } from '@fieldhouse/contract';
import { changeMembership } from '@fieldhouse/contract/routes/membership-management';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Data } from './keys';

export type ChangeResult = Camel<Data<typeof changeReply>>;

/** POST memberships/:id/change {starts_at, payment_option_id} → order (nothing to pay) or basket. */
export function useSubmitChange(membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { startsAt: string; paymentOptionId: number }) =>
      call(changeMembership, { params: { id: membershipId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accountMemberships }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}
