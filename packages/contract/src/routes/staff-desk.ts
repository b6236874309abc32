import { type RouteTable, route } from '../call.ts';
import type { staffDeskCalls } from '../staff-desk.ts';

/** Methods and paths of the front desk's and the registers' calls (decision 043); schemas: `staffDeskCalls`. */
type C = typeof staffDeskCalls;

export const searchDeskCustomers = route<C['searchDeskCustomers']>('GET', '/api/staff/desk/customers');
export const getDeskCustomer = route<C['getDeskCustomer']>('GET', '/api/staff/desk/customers/:id');
export const deskCustomerPhoto = route<C['deskCustomerPhoto']>('GET', '/api/staff/desk/customers/:id/photo');
export const redeemDeskGuestPass = route<C['redeemDeskGuestPass']>(
  'POST',
  '/api/staff/desk/guest-passes/redeem',
);
export const previewDeskCheckIn = route<C['previewDeskCheckIn']>(
  'GET',
  '/api/staff/desk/customers/:id/check-in',
);
export const deskCheckIn = route<C['deskCheckIn']>('POST', '/api/staff/desk/customers/:id/check-in');
export const listStaffRegisters = route<C['listStaffRegisters']>('GET', '/api/staff/registers');
export const getStaffRegister = route<C['getStaffRegister']>('GET', '/api/staff/registers/:sessionId');
export const markStaffAttendance = route<C['markStaffAttendance']>(
  'PUT',
  '/api/staff/registers/:sessionId/bookings/:bookingId',
);

export const staffDeskRoutes = {
  searchDeskCustomers,
  getDeskCustomer,
  deskCustomerPhoto,
  redeemDeskGuestPass,
  previewDeskCheckIn,
  deskCheckIn,
  listStaffRegisters,
  getStaffRegister,
  markStaffAttendance,
} satisfies RouteTable<C>;
