import { setStaffAccountStatus } from '@fieldhouse/contract/routes/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { type StaffAccount, staffAccountsQueryKey } from './get-staff-accounts';

/** PUT staff/accounts/:id/status: disable an account (its sessions end) or enable it again; the list follows. */
export function useSetStaffAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      call(setStaffAccountStatus, { params: { id }, body: { disabled } }),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
        accounts?.map((a) => (a.id === account.id ? account : a)),
      );
      void queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey });
    },
  });
}
