import { type RouteTable, route } from '../call.ts';
import type { guestPassCalls } from '../guest-passes.ts';

/** Methods and paths of the guest pass calls (decision 043); their schemas are `guestPassCalls`. */
type C = typeof guestPassCalls;

export const listGuestPasses = route<C['listGuestPasses']>('GET', '/api/v1/users/:userId/guestPasses');
export const getGuestPassAllowances = route<C['getGuestPassAllowances']>(
  'GET',
  '/api/v1/users/:userId/guestPasses/allowances',
);
export const getGuestPass = route<C['getGuestPass']>('GET', '/api/v1/users/:userId/guestPasses/:id');
export const sendGuestPass = route<C['sendGuestPass']>('POST', '/api/v1/users/:userId/guestPasses');

export const guestPassRoutes = {
  listGuestPasses,
  getGuestPassAllowances,
  getGuestPass,
  sendGuestPass,
} satisfies RouteTable<C>;
