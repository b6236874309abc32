import { type RouteTable, route } from '../call.ts';
import type { refundCalls } from '../refunds.ts';

/** Methods and paths of refunds by staff and their credit notes (decision 043); their schemas are `refundCalls`. */
type C = typeof refundCalls;

export const listStaffMemberOrders = route<C['listStaffMemberOrders']>(
  'GET',
  '/api/staff/members/:id/orders',
);
export const refundStaffOrder = route<C['refundStaffOrder']>('POST', '/api/staff/orders/:id/refunds');
export const downloadCreditNote = route<C['downloadCreditNote']>(
  'GET',
  '/api/my-account/orders/:uuid/credit-notes/:id',
);

export const refundRoutes = {
  listStaffMemberOrders,
  refundStaffOrder,
  downloadCreditNote,
} satisfies RouteTable<C>;
