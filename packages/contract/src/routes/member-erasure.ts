import { type RouteTable, route } from '../call.ts';
import type { memberErasureCalls } from '../member-erasure.ts';

/** Method and path of erasing a customer's personal data (decision 073); schemas: `memberErasureCalls`. */
type C = typeof memberErasureCalls;

export const eraseStaffMember = route<C['eraseStaffMember']>('POST', '/api/staff/members/:id/erase');

export const memberErasureRoutes = { eraseStaffMember } satisfies RouteTable<C>;
