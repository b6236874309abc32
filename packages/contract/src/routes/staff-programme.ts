import { type RouteTable, route } from '../call.ts';
import type { staffProgrammeCalls } from '../staff-programme.ts';

/** Methods and paths of the console's programme changes (decision 043); their schemas are `staffProgrammeCalls`. */
type C = typeof staffProgrammeCalls;

export const cancelStaffSession = route<C['cancelStaffSession']>('POST', '/api/staff/sessions/:id/cancel');

export const listPendingRefunds = route<C['listPendingRefunds']>('GET', '/api/staff/refunds/pending');

export const staffProgrammeRoutes = { cancelStaffSession, listPendingRefunds } satisfies RouteTable<C>;
