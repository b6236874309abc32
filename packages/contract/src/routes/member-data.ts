import { type RouteTable, route } from '../call.ts';
import type { memberDataCalls } from '../member-data.ts';

/** Methods and paths of the data downloads (decision 077); schemas: `memberDataCalls`. */
type C = typeof memberDataCalls;

export const exportMyData = route<C['exportMyData']>('GET', '/api/my-account/data-export');
export const exportMyDataFile = route<C['exportMyDataFile']>(
  'GET',
  '/api/my-account/data-export/files/:file',
);
export const exportStaffMemberData = route<C['exportStaffMemberData']>(
  'GET',
  '/api/staff/members/:id/data-export',
);
export const exportStaffMemberDataFile = route<C['exportStaffMemberDataFile']>(
  'GET',
  '/api/staff/members/:id/data-export/files/:file',
);

export const memberDataRoutes = {
  exportMyData,
  exportMyDataFile,
  exportStaffMemberData,
  exportStaffMemberDataFile,
} satisfies RouteTable<C>;
