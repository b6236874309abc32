import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { standInRequestListener } from './stripe-stand-in-http.ts';
import { standInPayments } from './stripe-stand-in-payments.ts';
import {
  type Behaviour,
  CARDS,
  id,
  MAGIC,
  newStore,
  now,
  type Obj,
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
} from './stripe-stand-in-shared.ts';

/**
 * A local stand-in for the Stripe API (https://docs.stripe.com/api), started by the tests on a random port, so the
 * official SDK runs unchanged without the internet (STRIPE_API_BASE=http://127.0.0.1:<port> points it here).
 *
 * It answers the requests StripePaymentProvider makes, with Stripe's documented object shapes and errors:
 * POST /v1/customers, GET /v1/customers/:id/payment_methods, POST /v1/payment_intents (create, optionally confirm),
 * GET|POST /v1/payment_intents/:id (retrieve, update), POST /v1/payment_intents/:id/confirm, POST /v1/refunds,
 * GET /v1/charges/:id, GET /v1/payment_methods/:id, POST /v1/payment_methods/:id/attach|detach. Bodies are
 * form-encoded (`metadata[k]=v`, `expand[0]=…`), replies JSON; errors are `{ error: { type, code, message, param,
 * decline_code } }` with Stripe's statuses (402 card errors, 400 invalid requests, 404 unknown objects).
 *
 * `Idempotency-Key`: the same key with the same parameters answers the first reply again (header
 * `Idempotent-Replayed: true`); with other parameters, 400 `idempotency_error` (as Stripe does).
 *
 * Test cards are PaymentMethod ids, as in Stripe's test mode (https://docs.stripe.com/testing): `pm_card_visa` and
 * `pm_card_mastercard` succeed, `pm_card_chargeDeclined` declines (`card_declined`),
 * `pm_card_chargeDeclinedInsufficientFunds` declines (`insufficient_funds`), `pm_card_authenticationRequired` asks for
 * 3-D Secure (`requires_action`, then `completeAuthentication` plays the cardholder in Stripe.js). Using one makes a
 * new PaymentMethod, as Stripe does. `createPaymentMethod` stands in for Stripe.js making one with billing details.
 *
 * This module is its public entry; the parts: stripe-stand-in-shared.ts (keys, test cards, errors, the objects
 * kept), stripe-stand-in-payments.ts (payment methods, intents, charges, refunds) and stripe-stand-in-http.ts (the
 * server's request listener: API key, idempotency, routes).
 */

export {
  parseForm,
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
} from './stripe-stand-in-shared.ts';

export type StandInEvent = { body: string; signature: string; event: Obj & { id: string; type: string } };

export async function startStripeStandIn() {
  const store = newStore();
  const { requests, customers, paymentMethods, intents, charges, refunds } = store;
  const payments = standInPayments(store);
  const { newPaymentMethod, succeed } = payments;
  const server = createServer(standInRequestListener(store, payments));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhooks = Stripe.webhooks;

  return {
    port,
    /** STRIPE_API_BASE for the app's config. */
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    customers,
    paymentMethods,
    intents,
    charges,
    refunds,
    /** Successful charges so far (money taken). */
    succeededCharges: () => [...charges.values()].filter((c) => c.status === 'succeeded'),
    /** Stripe.js's createPaymentMethod: a card (by how it behaves) with the billing details the Payment Element took. */
    createPaymentMethod(
      kind: Behaviour | 'mastercard' = 'succeed',
      billing?: {
        name: string;
        line1: string;
        line2?: string | null;
        city: string;
        postalCode: string;
      },
    ): string {
      const details = billing
        ? {
            name: billing.name,
            address: {
              line1: billing.line1,
              line2: billing.line2 ?? null,
              city: billing.city,
              postal_code: billing.postalCode,
              state: null,
              country: 'GB',
            },
          }
        : null;
      const magic =
        kind === 'mastercard' ? MAGIC.pm_card_mastercard! : { card: CARDS[kind], behaviour: kind };
      return String(newPaymentMethod(magic.card, magic.behaviour, details).id);
    },
    /**
     * Stripe.js's handleNextAction: the cardholder passes (the intent succeeds, automatic confirmation) or fails
     * 3-D Secure (it wants another payment method).
     */
    completeAuthentication(intentId: string, approve: boolean) {
      const pi = intents.get(intentId);
      if (pi?.status !== 'requires_action') throw new Error(`Intent ${intentId} waits for no check`);
      if (approve) {
        succeed(pi, paymentMethods.get(String(pi.payment_method))!);
        return;
      }
      Object.assign(pi, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          payment_method: paymentMethods.get(String(pi.payment_method)),
        },
      });
    },
    /** A webhook event as Stripe sends it, signed with `secret` (the endpoint's signing secret). */
    event(type: string, object: Obj, secret = STAND_IN_WEBHOOK_SECRET): StandInEvent {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      const body = JSON.stringify(event);
      return { body, signature: webhooks.generateTestHeaderString({ payload: body, secret }), event };
    },
    async close() {
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** The app's configuration overrides for Stripe against a stand-in listening on `port`. */
export const stripeAgainstStandIn = (port: number) => ({
  paymentProvider: 'stripe' as const,
  stripe: {
    secretKey: STAND_IN_SECRET_KEY,
    publishableKey: STAND_IN_PUBLISHABLE_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    live: false,
    apiBase: { protocol: 'http' as const, host: '127.0.0.1', port },
  },
});
