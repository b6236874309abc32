import type { staffAccountReply } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { type StaffAccount, staffAccountsQueryKey } from './get-staff-accounts';

/** PUT staff/accounts/:id/status: disable an account (its sessions end) or enable it again; the list follows. */
export function useSetStaffAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      api.put<z.infer<typeof staffAccountReply>['data']>(`staff/accounts/${id}/status`, { disabled }),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
        accounts?.map((a) => (a.id === account.id ? account : a)),
      );
      void queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey });
    },
  });
}
