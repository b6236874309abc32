import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.ts';
import { customers, paymentProviderCustomers } from '../../db/schema.ts';
import {
  type BillingDetails,
  type CardDetails,
  type ChargeRequest,
  type ChargeResult,
  PaymentIntentMismatchError,
  type PaymentProvider,
  type ProviderContext,
  type RefundResult,
} from './provider.ts';
import {
  cardOf,
  declineMessage,
  idOf,
  mapStripeError,
  paymentMethodOf,
  STRIPE_METADATA,
  type StripeIntentSummary,
} from './stripe-mapping.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Tests: the local stand-in instead of api.stripe.com (STRIPE_API_BASE). */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null;
};

const EXPAND = ['payment_method', 'latest_charge'];

/**
 * Card payments through Stripe (PAYMENT_PROVIDER=stripe, decision 036): one PaymentIntent per basket version,
 * created and confirmed here on the server.
 *
 * - The token the web app sends where the sandbox sends its `tok_…` is a Stripe PaymentMethod id (`pm_…`, made by
 *   Stripe.js from the Payment Element); a saved card's reference is the PaymentMethod attached to the member's
 *   Stripe Customer (`setup_future_usage: 'off_session'` attaches it when they tick 'save my card').
 * - The PaymentIntent is created with the checkout's idempotency key (Stripe's `Idempotency-Key`), so a retry of the
 *   same basket version finds the same intent and a succeeded intent is never confirmed again: one charge per order.
 * - `requires_action` (3-D Secure): the interface's requires-action result, with the intent's client secret as the
 *   `challengeId` (Stripe.js `handleNextAction` needs it); the browser then completes the checkout again with the
 *   intent's id, and `confirm` reads the intent's outcome.
 * - Declines (Stripe card errors) are the interface's declined result with the decline message.
 * - Amounts are pence, currency GBP.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly stripe: Stripe;
  private readonly db: Db;
  private readonly options: StripeProviderOptions;

  constructor(db: Db, options: StripeProviderOptions) {
    this.db = db;
    this.options = options;
    const base = options.apiBase;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Fieldhouse' },
      ...(base ? { host: base.host, port: base.port, protocol: base.protocol } : {}),
    });
  }

  async charge(request: ChargeRequest, context?: ProviderContext): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountPence) || request.amountPence <= 0) {
      throw new RangeError(`A charge must be a positive number of pence, got ${request.amountPence}`);
    }
    const paymentMethod = paymentMethodOf(request);
    const customer = await this.customerFor(context?.db ?? this.db, request.customerId);
    return this.chargeOn(request, paymentMethod, customer, request.idempotencyKey);
  }

  private async chargeOn(
    request: ChargeRequest,
    paymentMethod: string,
    customer: string,
    stripeKey: string,
  ): Promise<ChargeResult> {
    try {
      // One intent per basket version: the same key answers the same intent (Stripe replays its first reply).
      const created = await this.stripe.paymentIntents.create(
        {
          amount: request.amountPence,
          currency: 'gbp',
          customer,
          // Cards only (Apple Pay and Google Pay are cards too): nothing that redirects away from the checkout.
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: {
            [STRIPE_METADATA.checkoutKey]: request.idempotencyKey,
            [STRIPE_METADATA.customerId]: String(request.customerId),
          },
        },
        // The amount in the key: an attempt at another amount (other credit applied) is another intent, never a
        // refusal; the webhook refunds an intent that paid for nothing (decision 036). The Stripe customer in the
        // key: a database started afresh (new customers) never meets an old intent.
        { idempotencyKey: `${stripeKey}:${request.amountPence}:${customer}` },
      );
      // A replayed reply shows the intent as it was first made: read how it is now.
      let intent = await this.stripe.paymentIntents.retrieve(created.id, { expand: EXPAND });
      const extra = Object.entries(request.metadata ?? {}).filter(([k, v]) => intent.metadata?.[k] !== v);
      if (extra.length && intent.status !== 'succeeded') {
        // What this attempt brings (outside the create call, whose parameters must repeat exactly).
        intent = await this.stripe.paymentIntents.update(
          intent.id,
          { metadata: Object.fromEntries(extra), expand: EXPAND },
          { idempotencyKey: `${stripeKey}:${customer}:metadata:${randomUUID()}` },
        );
      }
      switch (intent.status) {
        case 'succeeded': {
          const charge = intent.latest_charge as Stripe.Charge | null;
          if (charge && charge.amount_refunded > 0) {
            // Charged and refunded (the order could not be written): a new attempt is a new intent.
            return this.chargeOn(request, paymentMethod, customer, `${stripeKey}:after:${intent.id}`);
          }
          return this.resultOf(intent);
        }
        case 'processing':
          return this.resultOf(intent);
        case 'canceled':
          throw new PaymentIntentMismatchError();
        case 'requires_action':
          // The same card again while its check is open: the same check (never a second attempt).
          if (idOf(intent.payment_method) === paymentMethod) return this.resultOf(intent);
          break;
      }
      const confirmed = await this.stripe.paymentIntents.confirm(
        intent.id,
        {
          payment_method: paymentMethod,
          // Saved only when asked this time (an earlier attempt's wish is cleared: '' unsets it).
          ...(request.saveCard
            ? { setup_future_usage: 'off_session' as const }
            : intent.setup_future_usage
              ? { setup_future_usage: '' as const }
              : {}),
          expand: EXPAND,
        },
        // Each attempt its own key (the SDK's network retries reuse it); the intent's state keeps it to one charge.
        { idempotencyKey: `${stripeKey}:${customer}:confirm:${randomUUID()}` },
      );
      return this.resultOf(confirmed);
    } catch (err) {
      return mapStripeError(err);
    }
  }

  async confirm(
    intentId: string,
    expected: { idempotencyKey: string; amountPence: number },
  ): Promise<ChargeResult> {
    try {
      let intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: EXPAND });
      if (
        intent.metadata?.[STRIPE_METADATA.checkoutKey] !== expected.idempotencyKey ||
        intent.amount !== expected.amountPence ||
        intent.currency !== 'gbp'
      ) {
        throw new PaymentIntentMismatchError();
      }
      if (intent.status === 'succeeded' && (intent.latest_charge as Stripe.Charge | null)?.amount_refunded) {
        // Refunded since (its order could not be written): this intent can no longer pay for the basket.
        throw new PaymentIntentMismatchError();
      }
      if (intent.status === 'canceled') throw new PaymentIntentMismatchError();
      if (intent.status === 'requires_confirmation') {
        intent = await this.stripe.paymentIntents.confirm(
          intent.id,
          { expand: EXPAND },
          { idempotencyKey: `${expected.idempotencyKey}:${intent.id}:confirm:${randomUUID()}` },
        );
      }
      return this.resultOf(intent);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
        throw new PaymentIntentMismatchError();
      }
      return mapStripeError(err);
    }
  }

  async refund(chargeId: string, amountPence: number, idempotencyKey: string): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { charge: chargeId, amount: amountPence },
        { idempotencyKey: `${idempotencyKey}:${chargeId}` },
      );
      return { refundId: refund.id, amountPence: refund.amount };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
        const charge = await this.stripe.charges.retrieve(chargeId);
        return { refundId: `already:${chargeId}`, amountPence: charge.amount_refunded };
      }
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
        throw new PaymentIntentMismatchError(`No charge ${chargeId}`);
      }
      throw err;
    }
  }

  /** Detaches the PaymentMethod from its Customer: Stripe can no longer charge it. */
  async forgetCard(savedCardRef: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(savedCardRef);
    } catch (err) {
      // Unknown or no longer attached: already forgotten.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw err;
    }
  }

  /** The billing details the member edited, on the PaymentMethod too (Stripe uses them for address checks). */
  async updateCardBilling(savedCardRef: string, billing: BillingDetails): Promise<void> {
    await this.stripe.paymentMethods.update(savedCardRef, {
      billing_details: {
        name: `${billing.firstName} ${billing.lastName}`.trim(),
        address: {
          line1: billing.addressLine1,
          line2: billing.addressLine2 ?? '',
          city: billing.city,
          postal_code: billing.postcode,
          country: 'GB',
        },
      },
    });
  }

  /** The cards Stripe keeps for the customer (attached PaymentMethods), newest first. */
  async listSavedCards(customerId: number): Promise<(CardDetails & { ref: string })[]> {
    const [row] = await this.db
      .select()
      .from(paymentProviderCustomers)
      .where(
        and(
          eq(paymentProviderCustomers.customerId, customerId),
          eq(paymentProviderCustomers.provider, 'stripe'),
        ),
      );
    if (!row) return [];
    const list = await this.stripe.customers.listPaymentMethods(row.providerCustomerId, {
      type: 'card',
      limit: 100,
    });
    return list.data.map((pm) => ({ ref: pm.id, ...cardOf(pm) }));
  }

  /** The signed webhook body as a Stripe event; throws Stripe's SignatureVerificationError when the signature fails. */
  constructEvent(rawBody: Buffer | string, signature: string | string[] | undefined): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.options.webhookSecret);
  }

  /** The intent as it is now at Stripe (webhook jobs never trust an event's copy alone). */
  async retrieveIntent(intentId: string): Promise<StripeIntentSummary> {
    const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge as Stripe.Charge | null;
    const customerId = Number(intent.metadata?.[STRIPE_METADATA.customerId]);
    return {
      id: intent.id,
      status: intent.status,
      amountPence: intent.amount,
      checkoutKey: intent.metadata?.[STRIPE_METADATA.checkoutKey] ?? null,
      customerId: Number.isInteger(customerId) && customerId > 0 ? customerId : null,
      chargeId: charge?.id ?? null,
      refundedPence: charge?.amount_refunded ?? 0,
      metadata: { ...intent.metadata },
    };
  }

  /** The member's Stripe Customer, made the first time they pay by card. */
  private async customerFor(db: DbOrTx, customerId: number): Promise<string> {
    const find = async () =>
      (
        await db
          .select({ ref: paymentProviderCustomers.providerCustomerId })
          .from(paymentProviderCustomers)
          .where(
            and(
              eq(paymentProviderCustomers.customerId, customerId),
              eq(paymentProviderCustomers.provider, 'stripe'),
            ),
          )
      )[0]?.ref;
    const known = await find();
    if (known) return known;
    const [person] = await db
      .select({
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    // Idempotent per member of this database: if the checkout's transaction (which keeps the link) is lost after the
    // charge, the retry meets the same Stripe customer, hence the same PaymentIntent key: never a second charge.
    const identity = `${customerId}:${person?.email ?? ''}:${person?.createdAt.toISOString() ?? ''}`;
    const created = await this.stripe.customers.create(
      {
        ...(person?.email ? { email: person.email } : {}),
        ...(person ? { name: `${person.firstName} ${person.lastName}`.trim() } : {}),
        metadata: { [STRIPE_METADATA.customerId]: String(customerId) },
      },
      { idempotencyKey: `customer:${createHash('sha256').update(identity).digest('hex').slice(0, 40)}` },
    );
    await db
      .insert(paymentProviderCustomers)
      .values({ customerId, provider: 'stripe', providerCustomerId: created.id })
      .onConflictDoNothing();
    return (await find()) ?? created.id;
  }

  private resultOf(intent: Stripe.PaymentIntent): ChargeResult {
    switch (intent.status) {
      case 'succeeded': {
        const pm = typeof intent.payment_method === 'object' ? intent.payment_method : null;
        const chargeId = idOf(intent.latest_charge);
        if (!chargeId) throw new Error(`Stripe intent ${intent.id} succeeded without a charge`);
        const saved = intent.setup_future_usage && pm && idOf(pm.customer) ? pm.id : null;
        return {
          status: 'succeeded',
          intentId: intent.id,
          chargeId,
          amountPence: intent.amount_received || intent.amount,
          card: cardOf(pm),
          ...(saved ? { savedCardRef: saved } : {}),
        };
      }
      case 'requires_action':
      case 'processing':
        // The browser completes the check with Stripe.js (client secret), then completes the checkout again.
        return { status: 'requires_action', intentId: intent.id, challengeId: intent.client_secret ?? '' };
      default:
        // requires_payment_method after a failed check or decline, canceled, …
        return { status: 'declined', message: declineMessage(intent.last_payment_error?.message) };
    }
  }
}
