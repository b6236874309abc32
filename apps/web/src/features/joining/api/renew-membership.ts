import type { renewReply } from '@fieldhouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Data } from './keys';

/** POST memberships/:id/renew: adds the renewal to the basket (200). */
export function useSubmitRenewal(membershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Data<typeof renewReply>>(`memberships/${membershipId}/renew`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
