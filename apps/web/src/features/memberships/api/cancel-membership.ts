import type { cancelReply } from '@fieldhouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api, type Camel } from '../../../lib/api/client';
import { type Data, useReloadMemberships } from './keys';

export type CancelResult = Camel<Data<typeof cancelReply>>;

/** POST memberships/:id/cancel → 200 (with unpaid fees: recorded, and paying them cancels it). */
export function useCancelMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: () => api.post<Data<typeof cancelReply>>(`memberships/${membershipId}/cancel`),
    onSuccess: () => reload(),
  });
}
