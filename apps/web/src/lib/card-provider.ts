import type { sandboxTokenBody } from '@fieldhouse/contract';
import { answerSandboxChallenge, createSandboxToken } from '@fieldhouse/contract/routes/payments';
import type { z } from 'zod';
import { type Camel, call } from './api/client';
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

/** Card and billing details as the sandbox provider takes them (contract sandboxTokenBody). */
export type CardDetails = Camel<z.input<typeof sandboxTokenBody>>;

/**
 * POST payments/sandbox/tokens: the sandbox provider's stand-in for a provider's card SDK (Stripe's is
 * `StripeCard.createPaymentMethod`). Used by the member checkout and by the desk's card payment.
 */
export const tokeniseCard = (card: CardDetails) => call(createSandboxToken, { body: card });

/**
 * POST payments/sandbox/challenges/:id {approve}: the sandbox's stand-in for the bank's further check (Stripe's is
 * `StripeCard.handleNextAction`), for the member checkout and the desk's card payment.
 */
export const answerChallenge = (challengeId: string, approve: boolean) =>
  call(answerSandboxChallenge, { params: { id: challengeId }, body: { approve } });
