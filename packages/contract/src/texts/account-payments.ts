// The account's payments texts, without zod: the web app imports this module at run time, so no chunk gains zod for
// a text. ../account-payments.ts re-exports them with its schemas, which take them from here: one source for the
// web, the server and the schemas (decision 008). Keep value imports out of this file.

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
