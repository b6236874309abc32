import { deskCheckIn } from '@fieldhouse/contract/routes/staff-desk';
import type { checkInReply } from '@fieldhouse/contract/staff-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { checkInVerdictQueryKey } from './get-check-in-verdict';
import { deskCustomerQueryKey } from './get-desk-customer';

export type CheckIn = Camel<z.infer<typeof checkInReply>['data']>;

/**
 * POST staff/desk/customers/:id/check-in at one of the staff member's venues, with the reason when staff override
 * the desk's refusal. Afterwards (done or refused) the customer view and the verdict reload.
 */
export function useCheckIn(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ venueId, overrideReason }: { venueId: number; overrideReason?: string }) =>
      call(deskCheckIn, { params: { id: customerId }, body: { venueId, overrideReason } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deskCustomerQueryKey(customerId) }),
        queryClient.invalidateQueries({ queryKey: checkInVerdictQueryKey(customerId) }),
      ]),
  });
}
