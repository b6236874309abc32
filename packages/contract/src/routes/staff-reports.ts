import { type RouteTable, route } from '../call.ts';
import type { reportCalls } from '../reports.ts';

/** Methods and paths of the console's reports (issue 37, decision 081); schemas: `reportCalls`. */
type C = typeof reportCalls;

export const getTakingsReport = route<C['getTakingsReport']>('GET', '/api/staff/reports/takings');
export const getTakingsCsv = route<C['getTakingsCsv']>('GET', '/api/staff/reports/takings.csv');

export const getMembershipsReport = route<C['getMembershipsReport']>('GET', '/api/staff/reports/memberships');
export const getMembershipsCsv = route<C['getMembershipsCsv']>('GET', '/api/staff/reports/memberships.csv');
export const getTodayReport = route<C['getTodayReport']>('GET', '/api/staff/reports/today');

export const staffReportRoutes = {
  getTakingsReport,
  getTakingsCsv,
  getMembershipsReport,
  getMembershipsCsv,
  getTodayReport,
} satisfies RouteTable<C>;
