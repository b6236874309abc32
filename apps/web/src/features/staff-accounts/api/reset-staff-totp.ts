import { resetStaffTotp } from '@fieldhouse/contract/routes/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { useReplaceInList } from './update-staff-account';

/** DELETE staff/accounts/:id/totp: removes the account's authenticator; logging in no longer asks for a code. */
export function useResetStaffTotp() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: (id: number) => call(resetStaffTotp, { params: { id } }),
    onSuccess: replace,
  });
}
