import { checkoutBody } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, carts, clients, customers, orders, payments, staffAccounts } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { formatMoney } from '../../lib/money.ts';
import type { JobEngine, WorkOptions } from '../jobs/index.ts';
import {
  findWebhookEvent,
  markWebhookProcessed,
  PAYMENT_WEBHOOK_JOB,
  type PaymentProvider,
  type StripeIntentSummary,
  type WebhookEventRow,
  type WebhookJobData,
} from '../payments/index.ts';
import { CHECKOUT_METADATA, type CheckoutRequest, completeCheckout } from './checkout-service.ts';

const WORK: WorkOptions = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
  expireInSeconds: 5 * 60,
  batchSize: 5,
};

/** Who the audit log names for what a webhook did. */
export const WEBHOOK_ACTOR = 'Stripe webhook';

export type PaymentWebhookDeps = {
  db: Db;
  payments: PaymentProvider;
  /** Reads an intent as it is now at the provider (Stripe). */
  intents: { retrieveIntent(intentId: string): Promise<StripeIntentSummary> };
  log: FastifyBaseLogger;
  now: () => Date;
  /** BOOKINGS_URL when set (else the one the checkout kept with the payment). */
  bookingsUrl: string | null;
  /**
   * The desk's steps for a card payment the desk took and this webhook completes after 3-D Secure (issue 41): its
   * audit entry, in the checkout's transaction, as on the desk's own call. The desk's venue scope was checked before
   * the card was charged. Given by the plugin (the staff desk's audit is another domain's).
   */
  deskCompletion: (
    staff: { staffId: number; name: string },
    customerId: number,
    now: Date,
  ) => NonNullable<CheckoutRequest['desk']>;
};

/** Registers the job that processes each stored webhook event. */
export async function registerPaymentWebhooks(jobs: JobEngine, deps: PaymentWebhookDeps) {
  await jobs.work<WebhookJobData>(PAYMENT_WEBHOOK_JOB, WORK, async (job) => {
    await processPaymentWebhook(deps, job.data);
  });
}

/**
 * Processes one stored event once: an event already processed (a replay, or a second run of its job) changes
 * nothing. Resolves to what was done (also kept on the event row), or null when there was nothing to do.
 */
export async function processPaymentWebhook(deps: PaymentWebhookDeps, key: WebhookJobData) {
  const event = await findWebhookEvent(deps.db, key);
  if (!event || event.status === 'processed') return null;
  const outcome = await handle(deps, event);
  await markWebhookProcessed(deps.db, key, outcome, deps.now());
  deps.log.info(
    { provider: key.provider, eventId: key.eventId, type: event.type, outcome },
    'Payment webhook processed',
  );
  return outcome;
}

type StripeObject = { id?: string; [key: string]: unknown };

async function handle(deps: PaymentWebhookDeps, event: WebhookEventRow): Promise<string> {
  const object = ((event.payload.data as { object?: StripeObject } | undefined)?.object ??
    {}) as StripeObject;
  switch (event.type) {
    case 'payment_intent.succeeded':
      return reconcileSucceeded(deps, String(object.id));
    case 'payment_intent.payment_failed': {
      const error = object.last_payment_error as { message?: string } | null | undefined;
      return `Payment ${object.id} failed${error?.message ? ` (${error.message})` : ''}: the basket stays open, nothing to change.`;
    }
    case 'charge.refunded':
      return recordRefund(deps, event, object);
    default:
      return `Event type ${event.type} is not acted on.`;
  }
}

/**
 * payment_intent.succeeded: the order is written even when the browser closed after paying. Already recorded: nothing
 * to do. Else the checkout is completed now exactly as the browser would have (the same basket version, the payments
 * and waivers the checkout kept with the intent); when the basket can no longer be completed as paid for (changed,
 * a place gone), the payment is refunded and the audit log says why, as the checkout itself refunds a charge whose
 * order could not be written (decision 036).
 */
async function reconcileSucceeded(deps: PaymentWebhookDeps, intentId: string): Promise<string> {
  const intent = await deps.intents.retrieveIntent(intentId);
  if (intent.status !== 'succeeded' || !intent.chargeId)
    return `Payment ${intent.id} is ${intent.status} at Stripe now: nothing to do.`;
  if (!intent.checkoutKey || !intent.customerId) return `Payment ${intent.id} was not made by a checkout.`;
  const [paid] = await deps.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.providerChargeId, intent.chargeId));
  if (paid) return `Order ${paid.orderId} already records payment ${intent.id}.`;
  if (intent.refundedPence >= intent.amountPence) return `Payment ${intent.id} was refunded already.`;

  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.idempotencyKey, intent.checkoutKey));
  if (order) return refundUnmatched(deps, intent, `order ${order.id} for this basket was paid otherwise`);

  const match = /^cart-(\d+)-v(\d+)$/.exec(intent.checkoutKey);
  const [cart] = match
    ? await deps.db
        .select({ id: carts.id, customerId: carts.customerId })
        .from(carts)
        .where(eq(carts.id, Number(match[1])))
    : [];
  if (!match || !cart || cart.customerId !== intent.customerId)
    return refundUnmatched(deps, intent, 'no basket of this customer matches it');
  const [row] = await deps.db
    .select({ client: clients })
    .from(customers)
    .innerJoin(clients, eq(clients.id, customers.clientId))
    .where(eq(customers.id, cart.customerId));
  if (!row) return refundUnmatched(deps, intent, 'the customer is unknown');

  const kept = intent.metadata;
  const body = checkoutBody.parse({
    cart_id: cart.id,
    cart_version: Number(match[2]),
    payment_intent_id: intent.id,
    // The checkout charged only after the terms were accepted.
    terms: true,
    payments: parseJson(kept[CHECKOUT_METADATA.payments]) ?? [],
    completed_waivers: parseJson(kept[CHECKOUT_METADATA.waivers]) ?? [],
  });
  const desk = await deskOf(deps.db, kept[CHECKOUT_METADATA.deskStaff]);
  const now = deps.now();
  try {
    const result = await completeCheckout(
      { db: deps.db, payments: deps.payments, log: deps.log },
      {
        customerId: cart.customerId,
        client: row.client,
        body,
        // A card the desk took (with cash or cheque beside it, perhaps) stays the desk's payment.
        frontOfHouse: desk !== null,
        now,
        bookingsUrl: deps.bookingsUrl ?? kept[CHECKOUT_METADATA.bookingsUrl] ?? '',
        ...(desk && { desk: deps.deskCompletion(desk, cart.customerId, now) }),
      },
    );
    if (result.status === 'completed')
      return `Order ${result.order_id} records payment ${intent.id} (completed from the webhook if the browser had not).`;
    return `Payment ${intent.id} still waits for the member's check.`;
  } catch (err) {
    // A refusal the member would have seen (basket changed, place gone, …): refund. Anything else is retried.
    if (err instanceof HttpError && err.statusCode < 500) return refundUnmatched(deps, intent, err.message);
    throw err;
  }
}

/** The staff member who took a card at the desk, from the payment's metadata (our own, on a signed event). */
async function deskOf(db: Db, staffId: string | undefined) {
  if (!staffId || !/^\d+$/.test(staffId)) return null;
  const [staff] = await db
    .select({ staffId: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, Number(staffId)));
  return staff ?? null;
}

function parseJson(value: string | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Refunds a payment no order can record (idempotently: a second run refunds nothing more) and tells staff why. */
async function refundUnmatched(deps: PaymentWebhookDeps, intent: StripeIntentSummary, reason: string) {
  const amount = intent.amountPence - intent.refundedPence;
  const refund = await deps.payments.refund(intent.chargeId!, amount, `refund-unmatched-${intent.id}`);
  const outcome = `Payment ${intent.id} (${formatMoney(amount)}) refunded: ${reason}.`;
  await deps.db.insert(auditLog).values({
    at: deps.now(),
    staffId: null,
    actor: WEBHOOK_ACTOR,
    action: 'payment.refunded_unmatched',
    entity: 'payment_intent',
    entityId: intent.id,
    before: null,
    after: {
      customer_id: intent.customerId,
      checkout_key: intent.checkoutKey,
      charge_id: intent.chargeId,
      refund_id: refund.refundId,
      amount: refund.amountPence,
      reason,
    },
  });
  deps.log.warn({ intentId: intent.id, customerId: intent.customerId, reason }, outcome);
  return outcome;
}

/**
 * charge.refunded: a refund made at Stripe (the Dashboard, or one of ours) is recorded for staff in the audit log
 * against the order it paid; an order paid by that card alone and refunded in full becomes 'refunded'.
 */
async function recordRefund(deps: PaymentWebhookDeps, event: WebhookEventRow, charge: StripeObject) {
  const chargeId = String(charge.id);
  const refunded = Number(charge.amount_refunded ?? 0);
  const amount = Number(charge.amount ?? 0);
  return deps.db.transaction(async (tx: Tx) => {
    // Under the event row's lock: two runs of this job never both write.
    const locked = await findWebhookEvent(tx, event, true);
    if (!locked || locked.status === 'processed') return `Event ${event.eventId} was processed already.`;
    const [paid] = await tx
      .select({ orderId: payments.orderId, amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.providerChargeId, chargeId), eq(payments.tenderType, 'card')));
    if (!paid)
      return `Charge ${chargeId} paid no order (refunded ${formatMoney(refunded)}): nothing to change.`;
    const [order] = await tx.select().from(orders).where(eq(orders.id, paid.orderId)).for('update');
    const tenders = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, paid.orderId));
    const whole = refunded >= amount && tenders.length === 1;
    if (whole && order!.status === 'completed') {
      await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, paid.orderId));
    }
    await tx.insert(auditLog).values({
      at: deps.now(),
      staffId: null,
      actor: WEBHOOK_ACTOR,
      action: 'payment.refunded',
      entity: 'order',
      entityId: String(paid.orderId),
      before: { status: order!.status },
      after: {
        status: whole ? 'refunded' : order!.status,
        charge_id: chargeId,
        refunded: refunded,
        charged: amount,
        event_id: event.eventId,
      },
    });
    const outcome = `Order ${paid.orderId}: ${formatMoney(refunded)} of ${formatMoney(amount)} refunded at Stripe${whole ? '; the order is refunded' : ''}.`;
    await markWebhookProcessed(tx, event, outcome, deps.now());
    return outcome;
  });
}
