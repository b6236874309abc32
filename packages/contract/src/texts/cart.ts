// The basket texts, without zod: the web app imports this module at run time, so no chunk gains zod for a text.
// ../cart.ts re-exports them with its schemas, which take them from here: one source for the web, the server and the
// schemas (decision 008). Keep value imports out of this file.

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
