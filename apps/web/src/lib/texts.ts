/**
 * The spec's basket, booking and waitlist texts, mirrored from the contract (BASKET_TEXTS, BOOKING_TEXTS,
 * WAITLIST_TEXTS) so that the timetable, basket and bookings pages do not pull zod in at run time.
 * `texts.test.ts` keeps them identical to the contract.
 */
export const BASKET_TEXTS = {
  added: 'Successfully added item to the basket.',
  removed: 'Successfully removed item from the basket.',
  updated: 'Successfully updated item in the basket.',
  benefitRemoved: 'Successfully removed benefit.',
  packageRemoved: 'Successfully removed package usage.',
  cleared: 'Successfully cleared order.',
  loadFailed: 'Failed to load your shopping basket, please try again.',
  loggedOut: 'Log in to add items to your basket',
  paymentSuccess: 'Order completed Successfully.',
  paymentFailed: 'Unable to complete your order, please try again.',
} as const;

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

export const WAITLIST_TEXTS = {
  removing: 'Removing from waitlist...',
  removed: 'You have been removed from the waitlist',
  notFull: 'This session has places available: book it instead.',
  alreadyWaiting: 'You are already on the waitlist for this session.',
} as const;
