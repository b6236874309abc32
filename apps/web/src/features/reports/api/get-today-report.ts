import type { todayReply } from '@fieldhouse/contract/reports';
import { getTodayReport } from '@fieldhouse/contract/routes/staff-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type TodayReport = Camel<z.infer<typeof todayReply>['data']>;

/** GET staff/reports/today: today's takings, check-ins, sessions and new members at the manager's venues. */
export const todayReportQueryOptions = queryOptions({
  queryKey: ['staff', 'reports', 'today'] as const,
  queryFn: ({ signal }) => call(getTodayReport, { signal }),
  // A dashboard: fresh each time the home page is opened, and once a minute while it stays open.
  staleTime: 0,
  refetchInterval: 60_000,
});

export const useTodayReport = (enabled: boolean) => useQuery({ ...todayReportQueryOptions, enabled });
