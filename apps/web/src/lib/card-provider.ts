import { getSiteConfig } from './site-config';

/**
 * The card payment provider the card forms talk to (the site config's `card_payments`, from PAYMENT_PROVIDER): the
 * sandbox's own card form, or Stripe's fields through Stripe.js (decision 038). Absent (Vite dev server): the sandbox.
 */
export function cardProvider(): { isStripe: boolean; publishableKey: string | null } {
  const config = getSiteConfig().cardPayments;
  return { isStripe: config?.provider === 'stripe', publishableKey: config?.publishableKey ?? null };
}

/** The cardholder and billing address the form asks for beside Stripe's own card fields. */
export interface CardHolder {
  cardholderName: string;
  billingAddressLineOne: string;
  billingAddressLineTwo?: string;
  billingCity: string;
  billingPostcode: string;
}

/**
 * Stripe's card fields, once mounted (ui/stripe-card-field): a PaymentMethod (`pm_…`, sent as the checkout's token)
 * from what was typed, and the bank's further check (3-D Secure) in the page. Both reject with a card form error
 * (`cardFormErrorText`) when Stripe.js refuses: nothing has been sent to our server, nothing is charged.
 */
export interface StripeCard {
  createPaymentMethod(holder: CardHolder): Promise<string>;
  handleNextAction(clientSecret: string): Promise<void>;
}

const CARD_FORM_ERROR = 'CardFormError';

/** A failure in the browser, before or without any charge, whose message is the text to show. */
export function cardFormError(message: string): Error {
  const error = new Error(message);
  error.name = CARD_FORM_ERROR;
  return error;
}

/** The text of a card form error, or null for any other failure. */
export const cardFormErrorText = (error: unknown): string | null =>
  error instanceof Error && error.name === CARD_FORM_ERROR ? error.message : null;
