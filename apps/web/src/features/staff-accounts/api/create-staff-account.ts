import type { StaffAccountBody, staffAccountReply } from '@fieldhouse/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { type StaffAccount, staffAccountsQueryKey } from './get-staff-accounts';

/** POST staff/accounts: a new staff account (administrators only); the list shows it at once. */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffAccountBody) =>
      api.post<z.infer<typeof staffAccountReply>['data']>('staff/accounts', body),
    onSuccess: (account) => {
      queryClient.setQueryData<StaffAccount[]>(staffAccountsQueryKey, (accounts) =>
        accounts ? [...accounts, account] : accounts,
      );
      void queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey });
    },
  });
}
