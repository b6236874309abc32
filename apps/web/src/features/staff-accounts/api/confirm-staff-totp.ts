import { confirmStaffTotp } from '@fieldhouse/contract/routes/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { useReplaceInList } from './update-staff-account';

/** PUT staff/accounts/:id/totp: the new authenticator's first code; right, logging in asks for codes from it. */
export function useConfirmStaffTotp() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      call(confirmStaffTotp, { params: { id }, body: { code } }),
    onSuccess: replace,
  });
}
