import { type RouteTable, route } from '../call.ts';
import type { waitlistCalls } from '../waitlist.ts';

/** Methods and paths of the waitlist calls (decision 043); their schemas are `waitlistCalls`. */
type C = typeof waitlistCalls;

export const listWaitlist = route<C['listWaitlist']>('GET', '/api/waitlist');
export const joinWaitlist = route<C['joinWaitlist']>('POST', '/api/waitlist');
export const leaveWaitlist = route<C['leaveWaitlist']>('DELETE', '/api/waitlist/:waitlistId');

export const waitlistRoutes = { listWaitlist, joinWaitlist, leaveWaitlist } satisfies RouteTable<C>;
