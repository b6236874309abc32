import { createStaffAccount } from '@fieldhouse/contract/routes/staff';
import type { StaffAccountBody } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Camel, call } from '../../../lib/api/client';
import { type StaffAccount, staffAccountsQueryKey } from './get-staff-accounts';

/** POST staff/accounts: a new staff account (administrators only); the list shows it at once. */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Camel<StaffAccountBody>) => call(createStaffAccount, { body }),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
        accounts ? [...accounts, account] : accounts,
      );
      void queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey });
    },
  });
}
