import type { takingsReply } from '@fieldhouse/contract/reports';
import { getTakingsReport } from '@fieldhouse/contract/routes/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';

export type TakingsReport = Camel<z.infer<typeof takingsReply>['data']>;

export interface ReportRequest {
  from: string;
  to: string;
  venueId: number | null;
}

/** GET staff/reports/takings?from&to&venue_id: the period's takings (the figures shown stay while the next load). */
export const takingsReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: ['staff', 'reports', 'takings', request] as const,
    queryFn: ({ signal }) =>
      call(getTakingsReport, {
        signal,
        query: { from: request.from, to: request.to, venueId: request.venueId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useTakingsReport = (request: ReportRequest) => useQuery(takingsReportQueryOptions(request));
