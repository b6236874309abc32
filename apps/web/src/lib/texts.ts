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

/** Payments area texts (joining §8), mirrored from the contract's PAYMENTS_TEXTS. */
export const PAYMENTS_TEXTS = {
  cardDeleted: 'Card deleted successfully',
  billingSaved: 'Billing details saved successfully',
  somethingWrong: 'Uh oh, something went wrong',
  cardExpired: 'Your saved card has expired.',
  cardExpiredHint: 'You can save details of a new card next time you checkout',
  cardNotEditable: 'Card details cannot be edited',
  deleteConfirm: 'Are you sure you want to delete your saved card?',
  deleteConfirmButton: 'Yes, Delete saved card',
  unpaidFees: 'You have unpaid fees on your account',
  payFees: 'Pay selected fees',
  penaltiesFailed: 'Failed to load your payments, please try again.',
  orderFailed: 'Failed to load order, please try again.',
  ordersFailed: 'Failed to load order history, please try again',
  noOrders: 'No orders',
  noCredits: 'No credits to display',
  noSpentCredits: 'No spent credits to display',
} as const;

/** Guest pass texts (account-shell §4, §5), mirrored from the contract's GUEST_PASS_TEXTS. */
export const GUEST_PASS_TEXTS = {
  sent: 'Guest pass sent successfully',
  selectVenue: 'Please select a venue',
  noAllowance: 'You have no guest passes left to send.',
  venueNotCovered: 'Your guest passes cannot be used at this venue.',
} as const;
