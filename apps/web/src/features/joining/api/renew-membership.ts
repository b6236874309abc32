import { renewMembership } from '@fieldhouse/contract/routes/membership-management';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** POST memberships/:id/renew: adds the renewal to the basket (200). */
export function useSubmitRenewal(membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(renewMembership, { params: { id: membershipId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
