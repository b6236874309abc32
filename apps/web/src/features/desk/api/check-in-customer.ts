import type { checkInReply } from '@fieldhouse/contract/staff-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../../lib/api/client';
import { deskCustomerQueryKey } from './get-desk-customer';

export type CheckIn = Camel<z.infer<typeof checkInReply>['data']>;

/** POST staff/desk/customers/:id/check-in at one of the staff member's venues; the customer view reloads. */
export function useCheckIn(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (venueId: number) =>
      api.post<z.infer<typeof checkInReply>['data']>(`staff/desk/customers/${customerId}/check-in`, {
        venueId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskCustomerQueryKey(customerId) }),
  });
}
