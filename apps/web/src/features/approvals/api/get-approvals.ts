import { listStaffApprovals } from '@fieldhouse/contract/routes/staff';
import type { approvalsReply } from '@fieldhouse/contract/staff';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

/** One page of the queue: its items and where the page sits (`pagination`). */
export type ApprovalsPage = Camel<z.infer<typeof approvalsReply>['data']>;
export type ApprovalItem = ApprovalsPage['approvals'][number];

/** Prefix of every page of the queue (a decision reloads them all). */
export const approvalsQueryKey = ['staff', 'approvals'] as const;
export const approvalsPageQueryKey = (page: number) => [...approvalsQueryKey, 'page', page] as const;

/**
 * GET staff/approvals?page: freeze requests and eligibility documents waiting for a decision, oldest first, a page of
 * 25 with the totals (403 for front desk).
 */
export const approvalsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: approvalsPageQueryKey(page),
    queryFn: ({ signal }) => call(listStaffApprovals, { signal, query: { page } }),
    // The page shown stays while the next one loads (no spinner between pages).
    placeholderData: keepPreviousData,
  });

export const useApprovals = (page: number) => useQuery(approvalsQueryOptions(page));
