import { type RouteTable, route } from '../call.ts';
import type { reportsAttendanceCalls } from '../reports-attendance.ts';

/** Methods and paths of the attendance report (decision 084); their schemas are `reportsAttendanceCalls`. */
type C = typeof reportsAttendanceCalls;

export const getAttendanceReport = route<C['getAttendanceReport']>('GET', '/api/staff/reports/attendance');

export const exportAttendanceReport = route<C['exportAttendanceReport']>(
  'GET',
  '/api/staff/reports/attendance.csv',
);

export const reportsAttendanceRoutes = {
  getAttendanceReport,
  exportAttendanceReport,
} satisfies RouteTable<C>;
