import type { DbOrTx } from '../../db/client.ts';

/**
 * The card payment provider behind checkout. The sandbox (sandbox-provider.ts) is the default; Stripe
 * (stripe-provider.ts, decision 036) is the real one so far. A provider implements this interface in its own file
 * and is chosen in plugins/app/payments.ts by PAYMENT_PROVIDER. Its browser SDK then replaces
 * POST /api/payments/sandbox/tokens (cards are tokenised in the browser and never reach this server): with Stripe
 * the `token` is a PaymentMethod id (`pm_…`) and a saved card's reference the PaymentMethod attached to the
 * member's Stripe Customer.
 *
 * Rules every implementation keeps:
 * - The same idempotency key never charges twice: a retry returns the first outcome. A key whose earlier
 *   attempt was declined, or still waits for a further check, may be attempted again with another card (like
 *   confirming a payment intent again with a new payment method).
 * - Amounts are integer pence, currency GBP.
 */
export type CardDetails = {
  brand: string;
  lastFour: string;
  /** MM/YY */
  expiry: string;
  cardholderName: string | null;
  billing: BillingDetails | null;
};

export type BillingDetails = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postcode: string;
};

export type ChargeSource = { token: string } | { savedCardRef: string };

export type ChargeRequest = {
  /** Who pays: a card token made by (or already used by) another customer is refused as an invalid card. */
  customerId: number;
  amountPence: number;
  currency: 'GBP';
  source: ChargeSource;
  idempotencyKey: string;
  description: string;
  /** Keep the card for later (the result carries a savedCardRef). */
  saveCard: boolean;
  /**
   * Kept with the payment at the provider (Stripe: the intent's metadata, short strings), so a payment whose browser
   * never came back can be completed from the provider's webhook as the checkout would have (decision 036).
   */
  metadata?: Record<string, string>;
};

export type ChargeResult =
  | {
      status: 'succeeded';
      intentId: string;
      chargeId: string;
      amountPence: number;
      card: CardDetails;
      savedCardRef?: string;
    }
  | { status: 'requires_action'; intentId: string; challengeId: string }
  | { status: 'declined'; message: string };

export type RefundResult = { refundId: string; amountPence: number };

/**
 * Where the provider may record what it does. The sandbox keeps its records in our database and, called from
 * inside a transaction, must use that transaction's handle (PGlite has one connection); real providers ignore it.
 */
export type ProviderContext = { db?: DbOrTx };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest, context?: ProviderContext): Promise<ChargeResult>;
  /**
   * Completes a payment that needed a further check. `expected` must match the intent's idempotency key and
   * amount, else PaymentIntentMismatchError (the basket changed since).
   */
  confirm(
    intentId: string,
    expected: { idempotencyKey: string; amountPence: number },
    context?: ProviderContext,
  ): Promise<ChargeResult>;
  refund(
    chargeId: string,
    amountPence: number,
    idempotencyKey: string,
    context?: ProviderContext,
  ): Promise<RefundResult>;
  /**
   * Forgets a saved card (the customer deleted it): it can no longer be charged. Forgetting a card the provider
   * does not know is not an error (it may have been forgotten already).
   */
  forgetCard(savedCardRef: string, context?: ProviderContext): Promise<void>;
  /**
   * The member edited a saved card's billing details: the provider keeps them too (Stripe: the PaymentMethod's
   * billing_details). Optional: the sandbox keeps nothing beyond our own row.
   */
  updateCardBilling?(savedCardRef: string, billing: BillingDetails, context?: ProviderContext): Promise<void>;
}

/** The payment intent is unknown, or belongs to another basket or amount. */
export class PaymentIntentMismatchError extends Error {
  constructor(message = 'The payment does not match this basket.') {
    super(message);
    this.name = 'PaymentIntentMismatchError';
  }
}

/** The card source (token or saved card) is unknown or can no longer be used. */
export class PaymentSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSourceError';
  }
}

export const describeCard = (card: Pick<CardDetails, 'brand' | 'lastFour'>) =>
  `${card.brand} ending in ${card.lastFour}`;
