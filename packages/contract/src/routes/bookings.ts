import type { bookingCalls } from '../bookings.ts';
import { type RouteTable, route } from '../call.ts';

/** Methods and paths of the bookings calls (decision 043); their schemas are `bookingCalls`. */
type C = typeof bookingCalls;

export const listBookings = route<C['listBookings']>('GET', '/api/bookings');
export const listActivityBookings = route<C['listActivityBookings']>('GET', '/api/v1/activities/bookings');
export const bookingCalendar = route<C['bookingCalendar']>('GET', '/api/bookings/:bookingId/calendar.ics');
export const cancelBookings = route<C['cancelBookings']>('PATCH', '/api/v1/activities/bookings');
/** The spec's path ends with a slash; the server answers both forms. */
export const cancelBooking = route<C['cancelBooking']>('DELETE', '/api/activities/bookings/:bookingId');

export const bookingRoutes = {
  listBookings,
  listActivityBookings,
  bookingCalendar,
  cancelBookings,
  cancelBooking,
} satisfies RouteTable<C>;
