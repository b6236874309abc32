import { listPendingRefunds } from '@fieldhouse/contract/routes/staff-programme';
import type { pendingRefundsReply } from '@fieldhouse/contract/staff-programme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type PendingRefund = Camel<z.infer<typeof pendingRefundsReply>['data']>['refunds'][number];

/** GET staff/refunds/pending: card refunds the provider has not made yet (retried by the job engine). */
export const pendingRefundsQueryOptions = queryOptions({
  queryKey: ['staff', 'refunds', 'pending'] as const,
  queryFn: ({ signal }) => call(listPendingRefunds, { signal }),
});

export const usePendingRefunds = () => useQuery(pendingRefundsQueryOptions);
