import type { staffAccountsReply } from '@fieldhouse/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camel } from '../../../lib/api/client';

export type StaffAccount = Camel<z.infer<typeof staffAccountsReply>['data'][number]>;

export const staffAccountsQueryKey = ['staff', 'accounts'] as const;

/** GET staff/accounts (administrators only). */
export const staffAccountsQueryOptions = queryOptions({
  queryKey: staffAccountsQueryKey,
  queryFn: ({ signal }) => api.get<z.infer<typeof staffAccountsReply>['data']>('staff/accounts', { signal }),
});

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions);
