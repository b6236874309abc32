import { deskCheckIn } from '@fieldhouse/contract/routes/staff-desk';
import type { checkInReply } from '@fieldhouse/contract/staff-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import { deskCustomerQueryKey } from './get-desk-customer';

export type CheckIn = Camel<z.infer<typeof checkInReply>['data']>;

/** POST staff/desk/customers/:id/check-in at one of the staff member's venues; the customer view reloads. */
export function useCheckIn(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (venueId: number) => call(deskCheckIn, { params: { id: customerId }, body: { venueId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskCustomerQueryKey(customerId) }),
  });
}
