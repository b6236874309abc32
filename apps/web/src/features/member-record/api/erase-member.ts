import { eraseStaffMember } from '@fieldhouse/contract/routes/member-erasure';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { memberRecordQueryKey } from './get-member-record';

/**
 * POST staff/members/:id/erase (administrators; decision 073): erases the customer's personal data once the typed
 * customer number matches; answers the message to show. The record and the desk's view of the customer reload.
 */
export function useEraseMember(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      call(eraseStaffMember, { params: { id: customerId }, body: { confirmation } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberRecordQueryKey(customerId) });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'desk', 'customer', customerId] });
    },
  });
}
