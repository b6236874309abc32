import { updateStaffAccount } from '@fieldhouse/contract/routes/staff';
import type { StaffAccountUpdateBody } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type StaffAccount, staffAccountsQueryKey } from './get-staff-accounts';

/** Puts the changed account in the list at once, then reloads the list. */
export function useReplaceInList() {
  const queryClient = useQueryClient();
  return (account: StaffAccount) => {
    queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
      accounts?.map((a) => (a.id === account.id ? account : a)),
    );
    void queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey });
  };
}

/** PUT staff/accounts/:id: the account's role and venues (administrators only); the list follows. */
export function useUpdateStaffAccount() {
  const replace = useReplaceInList();
  return useMutation({
    mutationFn: ({ id, ...body }: Camel<StaffAccountUpdateBody> & { id: number }) =>
      call(updateStaffAccount, { params: { id }, body }),
    onSuccess: replace,
  });
}
