import type { bookingCalls } from '../bookings.ts';
import { routes } from '../call.ts';

/** Methods and paths of the bookings calls (decision 043); their schemas are `bookingCalls`. */
export const bookingRoutes = routes<typeof bookingCalls>()({
  listBookings: ['GET', '/api/bookings'],
  listActivityBookings: ['GET', '/api/v1/activities/bookings'],
  bookingCalendar: ['GET', '/api/bookings/:bookingId/calendar.ics'],
  cancelBookings: ['PATCH', '/api/v1/activities/bookings'],
  /** The spec's path ends with a slash; the server answers both forms. */
  cancelBooking: ['DELETE', '/api/activities/bookings/:bookingId'],
});
