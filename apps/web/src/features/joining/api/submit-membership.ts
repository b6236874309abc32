import type { membershipSubmitReply } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { MembershipSubmission } from '../rules/submission';
import type { Data } from './keys';

export type MembershipSubmitResult = Camel<Data<typeof membershipSubmitReply>>;

/** POST memberships: the new membership goes into the basket (members only: a guest's account is made first). */
export function useSubmitMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys are already snake_case (the client's codec leaves them as they are).
    mutationFn: (body: MembershipSubmission) =>
      api.post<Data<typeof membershipSubmitReply>>('memberships', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      ]),
  });
}
