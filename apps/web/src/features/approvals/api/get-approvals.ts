import { listStaffApprovals } from '@fieldhouse/contract/routes/staff';
import type { approvalsReply } from '@fieldhouse/contract/staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type ApprovalItem = Camel<z.infer<typeof approvalsReply>['data'][number]>;

export const approvalsQueryKey = ['staff', 'approvals'] as const;

/** GET staff/approvals: freeze requests and eligibility documents waiting for a decision (403 for front desk). */
export const approvalsQueryOptions = queryOptions({
  queryKey: approvalsQueryKey,
  queryFn: ({ signal }) => call(listStaffApprovals, { signal }),
});

export const useApprovals = () => useQuery(approvalsQueryOptions);
