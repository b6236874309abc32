import type { membershipsReply } from '@fieldhouse/contract/reports';
import { getMembershipsReport } from '@fieldhouse/contract/routes/staff-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import type { ReportRequest } from './get-takings-report';

export type MembershipsReport = Camel<z.infer<typeof membershipsReply>['data']>;

/** GET staff/reports/memberships?from&to&venue_id: memberships by month, and by type and venue at the period's end. */
export const membershipsReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: ['staff', 'reports', 'memberships', request] as const,
    queryFn: ({ signal }) =>
      call(getMembershipsReport, {
        signal,
        query: { from: request.from, to: request.to, venueId: request.venueId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useMembershipsReport = (request: ReportRequest) =>
  useQuery(membershipsReportQueryOptions(request));
