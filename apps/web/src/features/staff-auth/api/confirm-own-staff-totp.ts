import { confirmOwnStaffTotp } from '@fieldhouse/contract/routes/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { type StaffMember, staffMeQueryKey } from './get-staff-me';

/** PUT staff/me/totp: the new authenticator's first code; right, the staff member's record says it is set up. */
export function useConfirmOwnStaffTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(confirmOwnStaffTotp, { body: { code } }),
    onSuccess: (me) => queryClient.setQueryData<StaffMember | null>(staffMeQueryKey, me),
  });
}
