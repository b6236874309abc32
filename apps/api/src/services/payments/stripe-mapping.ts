import { CARD_DECLINED_MESSAGE, CARD_TEXTS } from '@fieldhouse/contract';
import Stripe from 'stripe';
import {
  type BillingDetails,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  PaymentIntentMismatchError,
  PaymentSourceError,
} from './provider.ts';

/**
 * What the payment intent carries in its metadata, so a webhook can find the basket it paid for: the checkout's
 * idempotency key (`cart-{id}-v{version}`) and our customer id.
 */
export const STRIPE_METADATA = {
  checkoutKey: 'fieldhouse_checkout_key',
  customerId: 'fieldhouse_customer_id',
} as const;

/** A payment intent as the webhook jobs need it. */
export type StripeIntentSummary = {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amountPence: number;
  /** The checkout's idempotency key (null: not made by our checkout). */
  checkoutKey: string | null;
  customerId: number | null;
  chargeId: string | null;
  /** Pence refunded on the latest charge so far. */
  refundedPence: number;
  /** What the checkout kept with the payment (ChargeRequest.metadata). */
  metadata: Record<string, string>;
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

const two = (n: number) => String(n % 100).padStart(2, '0');

/** Stripe's billing details in our shape (null unless there is a name, a first address line, a town and a postcode). */
export function billingOf(
  details: Stripe.PaymentMethod.BillingDetails | null | undefined,
): BillingDetails | null {
  const address = details?.address;
  const name = details?.name?.trim();
  if (!name || !address?.line1 || !address.city || !address.postal_code) return null;
  const parts = name.split(/\s+/);
  return {
    firstName: parts.length > 1 ? parts.slice(0, -1).join(' ') : name,
    lastName: parts.length > 1 ? parts.at(-1)! : '',
    addressLine1: address.line1,
    addressLine2: address.line2 || null,
    city: address.city,
    postcode: address.postal_code.toUpperCase(),
  };
}

export function cardOf(pm: Stripe.PaymentMethod | null): CardDetails {
  const card = pm?.card;
  if (!card) return { brand: 'Card', lastFour: '0000', expiry: '00/00', cardholderName: null, billing: null };
  return {
    brand: BRANDS[card.brand] ?? 'Card',
    lastFour: card.last4,
    expiry: `${two(card.exp_month)}/${two(card.exp_year)}`,
    cardholderName: pm.billing_details?.name?.trim() || null,
    billing: billingOf(pm.billing_details),
  };
}

export const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * The member-facing text of a decline: Stripe's own cardholder message (e.g. 'Your card has insufficient funds.')
 * and the house's reassurance, so a plain decline reads exactly as the sandbox's CARD_DECLINED_MESSAGE.
 */
export function declineMessage(stripeMessage: string | null | undefined): string {
  const text = stripeMessage?.trim();
  if (!text) return CARD_DECLINED_MESSAGE;
  const tail = CARD_DECLINED_MESSAGE.replace(/^Your card was declined\.\s*/, '');
  return `${/[.!?]$/.test(text) ? text : `${text}.`} ${tail}`;
}

/** The source's PaymentMethod id: a token is one (`pm_…`, from Stripe.js), a saved card's reference too. */
export function paymentMethodOf(request: ChargeRequest): string {
  const ref = 'token' in request.source ? request.source.token : request.source.savedCardRef;
  if (!/^pm_[A-Za-z0-9_]+$/.test(ref)) throw new PaymentSourceError(CARD_TEXTS.number);
  return ref;
}

export function mapStripeError(err: unknown): ChargeResult {
  if (err instanceof PaymentIntentMismatchError || err instanceof PaymentSourceError) throw err;
  if (err instanceof Stripe.errors.StripeCardError) {
    return { status: 'declined', message: declineMessage(err.message) };
  }
  if (err instanceof Stripe.errors.StripeIdempotencyError) {
    // The key was first used with other parameters (another amount): the basket changed.
    throw new PaymentIntentMismatchError();
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
    // Unknown PaymentMethod, or one attached to another customer: to this customer, an invalid card.
    throw new PaymentSourceError(CARD_TEXTS.number);
  }
  throw err;
}
