// The booking texts, without zod: the web app imports this module at run time, so no chunk gains zod for a text.
// ../bookings.ts re-exports them with its schemas, which take them from here: one source for the web, the server and
// the schemas (decision 008). Keep value imports out of this file.

export const BOOKING_TEXTS = {
  booked: "Booked - you're in!",
  cannotCancel: 'Cannot cancel due to booking starting soon',
  cancelling: 'Cancelling booking...',
  cancelled: 'Your booking has been cancelled',
  creditAwarded: 'A credit for the value of this booking will be added to your account.',
  noCredit: 'You are not eligible to receive credit for this booking.',
  noPrevious: 'You have no previous bookings.',
  noUpcoming: "You don't have any bookings right now.",
  noWaitlist: 'You are not on any waiting lists right now.',
  loadFailed: 'Failed to load your bookings, please try again.',
  waitlistLoadFailed: 'Failed to load your waitlist bookings, please try again.',
  filterNotFound: 'Booking filter not found',
} as const;
