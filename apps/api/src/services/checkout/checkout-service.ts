import {
  BASKET_CHANGED_MESSAGE,
  type CheckoutBody,
  DEFAULT_ERROR_TEXTS,
  EMPTY_BASKET_MESSAGE,
  FURTHER_CHECK_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { memberships, orders, penalties, waivers } from '../../db/schema.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { type CartRow, capTenders, loadCartLines, priceCart } from '../cart/index.ts';
import { type ClientRow, hasCheckoutTerms } from '../clients/index.ts';
import {
  type ChargeResult,
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
} from '../payments/index.ts';
import { recordLatestSignature } from '../waivers/index.ts';
import {
  checkoutProblem,
  checkTenders,
  lastCompletedCart,
  lockBasketItems,
  lockCart,
  resolveSource,
  tendersOf,
} from './checkout-checks.ts';
import { createOrder } from './create-order.ts';

export type CheckoutRequest = {
  customerId: number;
  client: ClientRow;
  body: CheckoutBody;
  /** The call came through POST /api/pay with the front-of-house key: offline tenders are allowed. */
  frontOfHouse: boolean;
  now: Date;
  /** Base URL of the bookings site, for the confirmation mail. */
  bookingsUrl: string;
  /**
   * The desk's own steps, in this transaction (issue 41): `mayPay` after the basket's row lock and before any charge
   * (it throws to refuse), and `onOrder` with the order, in its savepoint (so no payment is kept without what it
   * writes). A replay, which answers the order already made, runs neither. `staffId` goes with a card payment to the
   * provider, so an order the provider's webhook completes after 3-D Secure is still the desk's (payment-webhooks).
   */
  desk?: {
    staffId: number;
    mayPay: (tx: Tx, cart: { id: number }) => Promise<void>;
    onOrder: (tx: Tx, order: { id: number }) => Promise<void>;
  };
};

export type CheckoutDeps = { db: Db; payments: PaymentProvider; log: FastifyBaseLogger };

export type CheckoutResult =
  | { status: 'completed'; order_id: number; order_uuid: string }
  | { status: 'requires_action'; payment_intent_id: string; challenge_id: string; message: string };

type Succeeded = Extract<ChargeResult, { status: 'succeeded' }>;

type Outcome =
  | { kind: 'completed'; orderId: number; orderUuid: string }
  | { kind: 'requires_action'; intentId: string; challengeId: string }
  | { kind: 'declined'; message: string }
  | { kind: 'changed' }
  | { kind: 'failed'; error: unknown; context: Record<string, unknown> };

/**
 * What the provider keeps with the payment (decision 036): what a webhook needs to complete this checkout as the
 * browser would have, had it not closed after paying (the payments applied, the waivers accepted, the mail link).
 */
export const CHECKOUT_METADATA = {
  bookingsUrl: 'fieldhouse_bookings_url',
  payments: 'fieldhouse_payments',
  waivers: 'fieldhouse_waivers',
  /** The staff account that took a card at the desk (absent for a member's own checkout). */
  deskStaff: 'fieldhouse_desk_staff',
} as const;

const checkoutMetadata = (request: CheckoutRequest): Record<string, string> => ({
  [CHECKOUT_METADATA.bookingsUrl]: request.bookingsUrl.slice(0, 500),
  [CHECKOUT_METADATA.payments]: JSON.stringify(
    request.body.payments.map((p) => ({ tender_type: p.tender_type, amount: p.amount })),
  ),
  [CHECKOUT_METADATA.waivers]: JSON.stringify(request.body.completed_waivers),
  ...(request.desk ? { [CHECKOUT_METADATA.deskStaff]: String(request.desk.staffId) } : {}),
});

/** The provider's idempotency key: one basket version is charged at most once. */
export const checkoutIdempotencyKey = (cart: Pick<CartRow, 'id' | 'version'>) =>
  `cart-${cart.id}-v${cart.version}`;

/**
 * Completes the basket in one transaction: basket row lock, session row locks in id order, capacity checks,
 * the card charge (idempotency key per basket version), then order, bookings, payments, usages, credit,
 * fees, waitlist and the confirmation mail in a savepoint. A failure after a successful charge rolls back to
 * the savepoint and refunds the charge. Completing the same basket version again answers the same order.
 */
export async function completeCheckout(
  deps: CheckoutDeps,
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  // A deadlock or serialization conflict rolls everything back (the charge comes after the locks, and carries the
  // basket version's idempotency key), so the checkout runs again instead of answering 500.
  const outcome = await transactionRetried(deps.db, (tx) => checkoutInTransaction(tx, deps, request));
  switch (outcome.kind) {
    case 'completed':
      return { status: 'completed', order_id: outcome.orderId, order_uuid: outcome.orderUuid };
    case 'requires_action':
      return {
        status: 'requires_action',
        payment_intent_id: outcome.intentId,
        challenge_id: outcome.challengeId,
        message: FURTHER_CHECK_MESSAGE,
      };
    case 'declined':
      throw new HttpError(402, outcome.message);
    case 'changed':
      throw new HttpError(409, BASKET_CHANGED_MESSAGE);
    case 'failed':
      deps.log.error(
        { err: outcome.error, ...outcome.context },
        'Checkout failed after the card was charged; the charge was refunded',
      );
      throw new HttpError(500, DEFAULT_ERROR_TEXTS.generic);
  }
}

async function completedOutcome(tx: Tx, cart: CartRow): Promise<Outcome> {
  const [order] = await tx
    .select({ id: orders.id, uuid: orders.uuid })
    .from(orders)
    .where(eq(orders.id, cart.completeOrderId!));
  return { kind: 'completed', orderId: order!.id, orderUuid: order!.uuid };
}

async function checkoutInTransaction(tx: Tx, deps: CheckoutDeps, request: CheckoutRequest): Promise<Outcome> {
  const { body, customerId, now, client } = request;

  // 1. The basket under its row lock; a basket already completed at this version answers its order.
  const cart = await lockCart(tx, customerId, body);
  if (cart?.status === 'completed') {
    if (cart.version === body.cart_version && cart.completeOrderId) return completedOutcome(tx, cart);
    throw new HttpError(409, BASKET_CHANGED_MESSAGE);
  }
  // The lines, with their sessions' places locked in id order (no deadlocks between checkouts).
  const items = cart ? await lockBasketItems(tx, cart.id) : [];
  if (!cart || cart.version !== body.cart_version || items.length === 0) {
    if (body.cart_id === undefined) {
      // A retry after the basket completed (and perhaps a new one opened) finds the order it made.
      const done = await lastCompletedCart(tx, customerId);
      if (done?.completeOrderId && done.version === body.cart_version) return completedOutcome(tx, done);
    }
    if (cart && cart.version !== body.cart_version) throw new HttpError(409, BASKET_CHANGED_MESSAGE);
    throw fieldError('cart', EMPTY_BASKET_MESSAGE);
  }
  await request.desk?.mayPay(tx, cart);

  // 2. Terms.
  if (!body.terms) {
    if (await hasCheckoutTerms(tx, client.id)) throw fieldError('terms', TERMS_REQUIRED_MESSAGE);
  }

  // 3. Row locks on the fees and memberships, always in id order (the places were locked with the lines).
  const penaltyIds = items
    .filter((i) => i.type === 'penalty')
    .map((i) => i.cartableId)
    .sort((a, b) => a - b);
  if (penaltyIds.length) {
    await tx
      .select({ id: penalties.id })
      .from(penalties)
      .where(and(inArray(penalties.id, penaltyIds), eq(penalties.customerId, customerId)))
      .orderBy(asc(penalties.id))
      .for('update');
  }

  const membershipIds = items
    .filter((i) => i.type === 'membership' || i.type === 'membershipRenewal')
    .map((i) => i.cartableId)
    .sort((a, b) => a - b);
  if (membershipIds.length) {
    await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(inArray(memberships.id, membershipIds), eq(memberships.customerId, customerId)))
      .orderBy(asc(memberships.id))
      .for('update');
  }

  // 4. Every line must still be buyable (read after the locks: the latest committed places).
  const lines = await loadCartLines(tx, cart.id, customerId, now);
  const problems = lines.map((l) => checkoutProblem(l, now)).filter((p): p is string => p !== null);
  if (problems.length) throw new HttpError(422, problems[0]!, { items: problems });
  // Waivers: the customer must hold an unexpired signature (any version) of each activity's waiver. Accepting it
  // here (the line's id in completed_waivers) signs its latest version in this transaction.
  const accepted = new Set(body.completed_waivers);
  for (const line of lines) {
    const waiver = line.session?.waiver;
    if (!waiver || waiver.isSigned || !accepted.has(line.itemId)) continue;
    const [row] = await tx.select().from(waivers).where(eq(waivers.id, waiver.id));
    if (row) await recordLatestSignature(tx, { customerId, waiver: row, now, timeZone: client.timeZone });
    for (const other of lines)
      if (other.session?.waiver?.id === waiver.id) other.session.waiver.isSigned = true;
  }
  const unsigned = lines.find((l) => l.session?.waiver && !l.session.waiver.isSigned);
  if (unsigned) {
    throw fieldError(
      'completed_waivers',
      `Please sign the ${unsigned.session!.waiver!.title} before booking ${unsigned.name}.`,
    );
  }

  // 5. Prices, credit and tenders.
  const requested = tendersOf(body);
  const priced = await priceCart(tx, {
    cart,
    customerId,
    now,
    timeZone: client.timeZone,
    tenders: requested,
    lines,
  });
  // Payments stored on the basket are taken as far as they still fit; payments sent now must fit exactly.
  if (!requested) priced.tenders = capTenders(priced.tenders, priced.totals);
  checkTenders(priced, request.frontOfHouse);
  const cardAmount = priced.totals.totalToPay;
  const key = checkoutIdempotencyKey(cart);

  // 6. The card.
  let charge: Succeeded | null = null;
  if (cardAmount > 0) {
    let result: ChargeResult;
    try {
      if (body.payment_method || !body.payment_intent_id) {
        // A card (again): the same key finds the intent of an earlier attempt, so nothing is charged twice.
        const { source, saveCard } = await resolveSource(tx, customerId, body.payment_method, now);
        result = await deps.payments.charge(
          {
            customerId,
            amountPence: cardAmount,
            currency: 'GBP',
            source,
            idempotencyKey: key,
            description: `${client.name} basket ${cart.uuid}`,
            saveCard,
            metadata: checkoutMetadata(request),
          },
          { db: tx },
        );
      } else {
        // Continue the payment that needed a further check.
        result = await deps.payments.confirm(
          body.payment_intent_id,
          { idempotencyKey: key, amountPence: cardAmount },
          { db: tx },
        );
      }
    } catch (err) {
      if (err instanceof PaymentIntentMismatchError) return { kind: 'changed' };
      if (err instanceof PaymentSourceError) throw fieldError('payment_method', err.message);
      throw err;
    }
    // Nothing but the provider's own record is written before this point, so returning keeps the basket as it was.
    if (result.status === 'requires_action') {
      return { kind: 'requires_action', intentId: result.intentId, challengeId: result.challengeId };
    }
    if (result.status === 'declined') return { kind: 'declined', message: result.message };
    charge = result;
  }

  // 7. The order, in a savepoint so a failure can still refund the charge in this transaction.
  const context = {
    cartId: cart.id,
    customerId,
    idempotencyKey: key,
    amountPence: cardAmount,
    chargeId: charge?.chargeId,
  };
  try {
    if (charge && charge.amountPence !== cardAmount)
      throw new Error('The charge does not match the basket total');
    const order = await tx.transaction(async (sp) => {
      const made = await createOrder(sp, { request, cart, priced, charge, cardAmount, key });
      await request.desk?.onOrder(sp, made);
      return made;
    });
    return { kind: 'completed', orderId: order.id, orderUuid: order.uuid };
  } catch (error) {
    if (!charge) throw error;
    try {
      await deps.payments.refund(charge.chargeId, charge.amountPence, `refund-${key}`, { db: tx });
    } catch (refundError) {
      deps.log.error({ err: refundError, ...context }, 'Refund after a failed checkout failed');
      throw error;
    }
    return { kind: 'failed', error, context };
  }
}
