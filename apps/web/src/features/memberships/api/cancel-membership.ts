import type { cancelReply } from '@fieldhouse/contract';
import { cancelMembership } from '@fieldhouse/contract/routes/membership-management';
import { useMutation } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type Data, useReloadMemberships } from './keys';

export type CancelResult = Camel<Data<typeof cancelReply>>;

/** POST memberships/:id/cancel → 200 (with unpaid fees: recorded, and paying them cancels it). */
export function useCancelMembership(membershipId: number) {
  const reload = useReloadMemberships();
  return useMutation({
    mutationFn: () => call(cancelMembership, { params: { id: membershipId } }),
    onSuccess: () => reload(),
  });
}
