import type { AttendanceGroup, attendanceReportReply } from '@fieldhouse/contract/reports-attendance';
import { getAttendanceReport } from '@fieldhouse/contract/routes/reports-attendance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Camel, call } from '../../../lib/api/client';
import type { ReportRequest } from './get-takings-report';

export type AttendanceReport = Camel<z.infer<typeof attendanceReportReply>['data']>;
export type AttendanceRow = AttendanceReport['rows'][number];

export interface AttendanceRequest extends ReportRequest {
  group: AttendanceGroup;
  page: number;
}

/** GET staff/reports/attendance?from&to&venue_id&group&page: the period's totals and a page of one grouping. */
export const attendanceReportQueryOptions = (request: AttendanceRequest) =>
  queryOptions({
    queryKey: ['staff', 'reports', 'attendance', request] as const,
    queryFn: ({ signal }) =>
      call(getAttendanceReport, {
        signal,
        query: {
          from: request.from,
          to: request.to,
          venueId: request.venueId ?? undefined,
          group: request.group,
          page: request.page,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useAttendanceReport = (request: AttendanceRequest) =>
  useQuery(attendanceReportQueryOptions(request));
