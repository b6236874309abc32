// The card form texts and the UK postcode pattern, without zod: the web app imports this module at run time, so no
// chunk gains zod for a text. ../payments.ts re-exports them with its schemas, which take them from here: one source
// for the web, the server and the schemas (decision 008). Keep value imports out of this file.

/** Card form rules (joining §5) shared by the client and the sandbox provider. */
export const CARD_TEXTS = {
  number: 'Please enter a valid card number',
  expiry: 'Please enter a valid expiry date',
  securityCode: 'Please enter a valid security code',
  postcode: 'Please enter a valid postcode',
  cardholderHint: 'Full name as it appears on the card',
  securityCodeHint: 'The three digits on the back of the card',
} as const;

/**
 * The card form when the card provider's own fields (Stripe.js) fill in the card's number, expiry and security code
 * (decision 038). Kept apart from CARD_TEXTS so the sandbox's form carries none of them.
 */
export const CARD_PROVIDER_TEXTS = {
  /** Stripe.js did not load (offline, or blocked): nothing can be charged. */
  unavailable:
    'The card form could not be loaded. No payment has been taken; please check your connection and reload the page.',
  /** Pay pressed before Stripe.js's fields were ready. */
  loading: 'The card form is still loading. Please wait a moment and try again.',
} as const;

/** UK postcode (outward + inward code, optional space, any case). */
export const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;
