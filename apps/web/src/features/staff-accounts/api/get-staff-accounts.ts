import { listStaffAccounts } from '@fieldhouse/contract/routes/staff';
import type { staffAccountsReply } from '@fieldhouse/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type StaffAccount = Camel<z.infer<typeof staffAccountsReply>['data'][number]>;

export const staffAccountsQueryKey = ['staff', 'accounts'] as const;

/** GET staff/accounts (administrators only). */
export const staffAccountsQueryOptions = queryOptions({
  queryKey: staffAccountsQueryKey,
  queryFn: ({ signal }) => call(listStaffAccounts, { signal }),
});

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions);
