import { listPendingRefunds } from '@fieldhouse/contract/routes/staff-programme';
import type { pendingRefundsReply } from '@fieldhouse/contract/staff-programme';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type PendingRefund = Camel<z.infer<typeof pendingRefundsReply>['data']>['refunds'][number];

/** Prefix of every page of the list (a cancellation reloads them all). */
export const pendingRefundsQueryKey = ['staff', 'refunds', 'pending'] as const;

/** GET staff/refunds/pending?page: card refunds the provider has not made yet (retried by the job engine), 20 a page. */
export const pendingRefundsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...pendingRefundsQueryKey, 'page', page] as const,
    queryFn: ({ signal }) => call(listPendingRefunds, { signal, query: { page } }),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePendingRefunds = (page: number) => useQuery(pendingRefundsQueryOptions(page));
