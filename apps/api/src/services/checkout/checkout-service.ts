import {
  BASKET_CHANGED_MESSAGE,
  CARD_REQUIRED_MESSAGE,
  type CheckoutBody,
  DEFAULT_ERROR_TEXTS,
  EMPTY_BASKET_MESSAGE,
  FURTHER_CHECK_MESSAGE,
  TERMS_REQUIRED_MESSAGE,
} from '@fieldhouse/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  activitySessions,
  benefitUsages,
  bookings,
  cartItems,
  carts,
  creditTransactions,
  customerPackages,
  customers,
  directDebitMandates,
  memberships,
  orderItems,
  orders,
  packageUsages,
  payments,
  penalties,
  savedCards,
  waitlistEntries,
  waivers,
} from '../../db/schema.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import {
  addPeriod,
  DEFAULT_TIME_ZONE,
  formatIso,
  localDateOf,
  parseLocalDate,
} from '../../lib/local-date.ts';
import { formatMoney } from '../../lib/money.ts';
import { sessionLabel, venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import {
  type CartLine,
  type CartMembership,
  type CartRow,
  capTenders,
  ITEM_UNAVAILABLE_MESSAGE,
  loadCartLines,
  maxCreditApplicable,
  membershipProblem,
  OFFLINE_TENDERS,
  PENALTY_PAID_MESSAGE,
  type PricedCart,
  priceCart,
  type Tender,
} from '../cart/index.ts';
import { type ClientRow, hasCheckoutTerms } from '../clients/index.ts';
import { bookingConfirmationMail, queueMail } from '../mail/index.ts';
import { cancelPendingRequests, endReplacedMembership } from '../memberships/index.ts';
import {
  type ChargeResult,
  type ChargeSource,
  describeCard,
  isCardExpired,
  PaymentIntentMismatchError,
  type PaymentProvider,
  PaymentSourceError,
} from '../payments/index.ts';
import { recordLatestSignature } from '../waivers/index.ts';

const DAY_MS = 86_400_000;

export type CheckoutRequest = {
  customerId: number;
  client: ClientRow;
  body: CheckoutBody;
  /** The call came through POST /api/pay with the front-of-house key: offline tenders are allowed. */
  frontOfHouse: boolean;
  now: Date;
  /** Base URL of the bookings site, for the confirmation mail. */
  bookingsUrl: string;
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
  const outcome = await deps.db.transaction((tx) => checkoutInTransaction(tx, deps, request));
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

async function lockCart(tx: Tx, customerId: number, body: CheckoutBody): Promise<CartRow | undefined> {
  if (body.cart_id !== undefined) {
    const [cart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.id, body.cart_id), eq(carts.customerId, customerId)))
      .for('update')
      .prepare('checkout_lock_cart_by_id')
      .execute();
    if (!cart) throw notFound();
    return cart;
  }
  const [open] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), eq(carts.status, 'open')))
    .for('update')
    .prepare('checkout_lock_open_cart')
    .execute();
  return open;
}

async function lastCompletedCart(tx: Tx, customerId: number) {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), eq(carts.status, 'completed')))
    .orderBy(desc(carts.completedAt), desc(carts.id))
    .limit(1);
  return cart;
}

async function completedOutcome(tx: Tx, cart: CartRow): Promise<Outcome> {
  const [order] = await tx
    .select({ id: orders.id, uuid: orders.uuid })
    .from(orders)
    .where(eq(orders.id, cart.completeOrderId!));
  return { kind: 'completed', orderId: order!.id, orderUuid: order!.uuid };
}

/** Checkout's message for a line that cannot be bought, naming the session. */
export function checkoutProblem(line: CartLine, now: Date): string | null {
  const s = line.session;
  if (s) {
    const label = sessionLabel(line.name, s.startsAt, s.timeZone);
    if (s.startsAt.getTime() <= now.getTime()) return `Sorry, ${label} has already started.`;
    if (line.bookedByCaller) return `You are already booked on ${label}.`;
    if (s.bookedCount >= s.capacity) return `Sorry, ${label} is now full.`;
    if (s.bookedCount + line.quantity > s.capacity) {
      const left = s.capacity - s.bookedCount;
      return `Sorry, only ${left} ${left === 1 ? 'place is' : 'places are'} left on ${label}.`;
    }
    if (s.startsAt.getTime() - s.bookingWindowDays * DAY_MS > now.getTime()) {
      return `Sorry, ${label} is not open for booking yet.`;
    }
    return null;
  }
  if (line.penalty) return line.penalty.status === 'unpaid' ? null : PENALTY_PAID_MESSAGE;
  if (line.membership) return membershipProblem(line.membership, now);
  return ITEM_UNAVAILABLE_MESSAGE;
}

function tendersOf(body: CheckoutBody): Tender[] | undefined {
  if (!body.payments.length) return undefined;
  const types = body.payments.map((p) => p.tender_type);
  if (new Set(types).size !== types.length) {
    throw fieldError('payments', 'Give each kind of payment once.');
  }
  return body.payments
    .filter((p) => p.amount > 0)
    .map((p) => ({ tenderType: p.tender_type, amount: p.amount }));
}

function checkTenders(priced: PricedCart, frontOfHouse: boolean) {
  const { totals, tenders } = priced;
  if (tenders.some((t) => OFFLINE_TENDERS.has(t.tenderType) && t.amount > 0) && !frontOfHouse)
    throw forbidden();
  const credit = tenders.filter((t) => t.tenderType === 'credit').reduce((sum, t) => sum + t.amount, 0);
  const offline = tenders.filter((t) => t.tenderType !== 'credit').reduce((sum, t) => sum + t.amount, 0);
  const maxCredit = maxCreditApplicable(totals);
  if (credit > maxCredit) {
    throw fieldError('payments', `You can use at most ${formatMoney(maxCredit)} of credit on this basket.`);
  }
  if (credit + offline > totals.total) {
    throw fieldError('payments', 'The payments add up to more than the basket total.');
  }
}

async function resolveSource(
  tx: Tx,
  customerId: number,
  method: CheckoutBody['payment_method'],
  now: Date,
): Promise<{ source: ChargeSource; saveCard: boolean }> {
  if (!method) throw fieldError('payment_method', CARD_REQUIRED_MESSAGE);
  if (method.type === 'token') return { source: { token: method.token }, saveCard: method.save_card };
  const [card] = await tx
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, method.saved_card_id),
        eq(savedCards.customerId, customerId),
        isNull(savedCards.deletedAt),
      ),
    );
  if (!card) throw notFound();
  if (isCardExpired(card, now))
    throw fieldError('payment_method', 'This card has expired. Please use another card.');
  return { source: { savedCardRef: card.providerRef }, saveCard: false };
}

async function checkoutInTransaction(tx: Tx, deps: CheckoutDeps, request: CheckoutRequest): Promise<Outcome> {
  const { body, customerId, now, client } = request;

  // 1. The basket under its row lock; a basket already completed at this version answers its order.
  const cart = await lockCart(tx, customerId, body);
  if (cart?.status === 'completed') {
    if (cart.version === body.cart_version && cart.completeOrderId) return completedOutcome(tx, cart);
    throw new HttpError(409, BASKET_CHANGED_MESSAGE);
  }
  const items = cart
    ? await tx
        .select({ type: cartItems.cartableType, cartableId: cartItems.cartableId })
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id))
    : [];
  if (!cart || cart.version !== body.cart_version || items.length === 0) {
    if (body.cart_id === undefined) {
      // A retry after the basket completed (and perhaps a new one opened) finds the order it made.
      const done = await lastCompletedCart(tx, customerId);
      if (done?.completeOrderId && done.version === body.cart_version) return completedOutcome(tx, done);
    }
    if (cart && cart.version !== body.cart_version) throw new HttpError(409, BASKET_CHANGED_MESSAGE);
    throw fieldError('cart', EMPTY_BASKET_MESSAGE);
  }

  // 2. Terms.
  if (!body.terms) {
    if (await hasCheckoutTerms(tx, client.id)) throw fieldError('terms', TERMS_REQUIRED_MESSAGE);
  }

  // 3. Row locks on the places and fees, always in id order (no deadlocks between checkouts).
  const sessionIds = items
    .filter((i) => i.type === 'activity')
    .map((i) => i.cartableId)
    .sort((a, b) => a - b);
  if (sessionIds.length) {
    await tx
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .where(inArray(activitySessions.id, sessionIds))
      .orderBy(asc(activitySessions.id))
      .for('update');
  }
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
    const order = await tx.transaction((sp) =>
      createOrder(sp, { request, cart, priced, charge, cardAmount, key }),
    );
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

/** 'Card', 'Credit', 'Card and credit', 'Cash', 'Free', ... */
export function paymentTypeLabel(tenders: string[]): string {
  const names = tenders.map((t) => (t === 'offline-voucher' ? 'voucher' : t));
  if (!names.length) return 'Free';
  const text = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function createOrder(
  sp: Tx,
  input: {
    request: CheckoutRequest;
    cart: CartRow;
    priced: PricedCart;
    charge: Succeeded | null;
    cardAmount: number;
    key: string;
  },
) {
  const { request, cart, priced, charge, cardAmount, key } = input;
  const { customerId, now, client } = request;
  const { lines, totals } = priced;
  const pricedById = new Map(priced.priced.map((p) => [p.itemId, p]));

  const tenderRows: {
    tenderType: (typeof payments.$inferInsert)['tenderType'];
    amount: number;
    chargeId?: string;
    card?: string;
  }[] = [];
  if (charge) {
    tenderRows.push({
      tenderType: 'card',
      amount: cardAmount,
      chargeId: charge.chargeId,
      card: describeCard(charge.card),
    });
  }
  if (totals.creditApplied > 0) tenderRows.push({ tenderType: 'credit', amount: totals.creditApplied });
  for (const t of priced.tenders) {
    if (OFFLINE_TENDERS.has(t.tenderType) && t.amount > 0) {
      tenderRows.push({ tenderType: t.tenderType as 'cash', amount: t.amount });
    }
  }

  const [order] = await sp
    .insert(orders)
    .values({
      customerId,
      total: totals.total,
      paymentType: paymentTypeLabel(tenderRows.map((t) => t.tenderType)),
      idempotencyKey: key,
      createdAt: now,
    })
    .returning();

  // Bookings and places (the capacity check constraint is the last line of defence).
  const activityLines = lines.filter((l) => l.session);
  const bookingBySession = new Map<number, number>();
  if (activityLines.length) {
    const rows = await sp
      .insert(bookings)
      .values(
        activityLines.map((l) => ({
          customerId,
          activitySessionId: l.session!.id,
          orderId: order!.id,
          status: 'booked' as const,
          price: pricedById.get(l.itemId)!.price,
          places: l.quantity,
          createdAt: now,
        })),
      )
      .returning({ id: bookings.id, sessionId: bookings.activitySessionId });
    for (const r of rows) bookingBySession.set(r.sessionId, r.id);
    // One place per booking, or the line's quantity of places (court hire, tickets); grouped by how many.
    const sessionsByPlaces = new Map<number, number[]>();
    for (const l of activityLines) {
      sessionsByPlaces.set(l.quantity, [...(sessionsByPlaces.get(l.quantity) ?? []), l.session!.id]);
    }
    for (const [places, sessionIds] of [...sessionsByPlaces].sort((a, b) => a[0] - b[0])) {
      await sp
        .update(activitySessions)
        .set({ bookedCount: sql`${activitySessions.bookedCount} + ${places}` })
        .where(inArray(activitySessions.id, sessionIds));
    }
  }

  await sp.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order!.id,
      kind: l.session ? ('activity' as const) : l.membership ? ('membership' as const) : ('penalty' as const),
      name: l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name,
      price: pricedById.get(l.itemId)!.price,
      activitySessionId: l.session?.id ?? null,
      membershipId: l.membership?.id ?? null,
      bookingId: l.session ? bookingBySession.get(l.session.id)! : null,
      penaltyId: l.penalty?.id ?? null,
    })),
  );

  if (tenderRows.length) {
    await sp.insert(payments).values(
      tenderRows.map((t) => ({
        orderId: order!.id,
        tenderType: t.tenderType,
        amount: t.amount,
        providerChargeId: t.chargeId ?? null,
        cardDescription: t.card ?? null,
        createdAt: now,
      })),
    );
  }

  // Benefit and package usages.
  for (const line of activityLines) {
    const p = pricedById.get(line.itemId)!;
    const bookingId = bookingBySession.get(line.session!.id)!;
    if (p.benefit) {
      await sp.insert(benefitUsages).values({
        membershipId: p.benefit.membershipId,
        benefitId: p.benefit.benefitId,
        bookingId,
        usedAt: now,
      });
    }
    if (p.package) {
      const used = await sp
        .update(customerPackages)
        .set({ sessionsRemaining: sql`${customerPackages.sessionsRemaining} - 1` })
        .where(
          and(eq(customerPackages.id, p.package.packageId), sql`${customerPackages.sessionsRemaining} > 0`),
        )
        .returning({ id: customerPackages.id });
      if (!used.length) throw new Error(`Package ${p.package.packageId} has no sessions left`);
      await sp
        .insert(packageUsages)
        .values({ customerPackageId: p.package.packageId, bookingId, usedAt: now });
    }
  }

  // Credit spent: negative ledger entries, one per kind.
  const relatedItem = lines.map((l) => l.name).join(', ');
  const location = [...new Set(activityLines.map((l) => l.session!.venueName))].join(', ') || null;
  for (const kind of ['membership', 'general'] as const) {
    const amount = totals.creditSplit[kind];
    if (amount > 0) {
      await sp.insert(creditTransactions).values({
        customerId,
        kind,
        amount: -amount,
        reason: 'Used at checkout',
        description: `Payment towards order ${order!.id}`,
        relatedItem,
        location,
        orderId: order!.id,
        createdAt: now,
      });
    }
  }

  const penaltyIds = lines.flatMap((l) => (l.penalty ? [l.penalty.id] : []));
  if (penaltyIds.length) {
    await sp
      .update(penalties)
      .set({ status: 'paid', paidAt: now })
      .where(and(inArray(penalties.id, penaltyIds), eq(penalties.status, 'unpaid')));
  }

  // A booked member leaves the waitlists of those sessions.
  if (bookingBySession.size) {
    await sp
      .update(waitlistEntries)
      .set({ status: 'booked', updatedAt: now })
      .where(
        and(
          eq(waitlistEntries.customerId, customerId),
          inArray(waitlistEntries.activitySessionId, [...bookingBySession.keys()]),
          eq(waitlistEntries.status, 'waiting'),
        ),
      );
  }

  // Remember the card when asked (a real provider returns a reusable reference).
  if (charge?.savedCardRef && charge.card.billing) {
    const [known] = await sp
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.customerId, customerId), eq(savedCards.providerRef, charge.savedCardRef)));
    if (!known) {
      const [month, year] = charge.card.expiry.split('/').map(Number) as [number, number];
      const billing = charge.card.billing;
      await sp.insert(savedCards).values({
        customerId,
        providerRef: charge.savedCardRef,
        brand: charge.card.brand,
        lastFour: charge.card.lastFour,
        expiryMonth: month,
        expiryYear: 2000 + year,
        cardholderName: charge.card.cardholderName ?? `${billing.firstName} ${billing.lastName}`,
        billingFirstName: billing.firstName,
        billingLastName: billing.lastName,
        billingAddressLine1: billing.addressLine1,
        billingAddressLine2: billing.addressLine2,
        billingCity: billing.city,
        billingPostcode: billing.postcode,
        createdAt: now,
      });
    }
  }

  for (const line of lines)
    if (line.membership) await activateMembership(sp, customerId, line.membership, now);

  // Paying the last unpaid fee carries out the cancellations that waited for it.
  if (penaltyIds.length) await cancelPendingRequests(sp, customerId, now);

  await sp
    .update(carts)
    .set({ status: 'completed', completeOrderId: order!.id, completedAt: now, updatedAt: now })
    .where(eq(carts.id, cart.id));

  const [customer] = await sp
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  const mail = bookingConfirmationMail({
    clientName: client.name,
    firstName: customer!.firstName,
    orderId: order!.id,
    lines: lines.map((l) => ({
      name: l.name,
      when: l.session
        ? `${venueDatePretty(l.session.startsAt, l.session.timeZone)} at ${venueTime(l.session.startsAt, l.session.timeZone)}`
        : null,
      where: l.session ? `${l.session.venueName}, ${l.session.locationName}` : null,
      price: formatMoney(pricedById.get(l.itemId)!.price),
    })),
    total: formatMoney(totals.total),
    link: `${request.bookingsUrl}/booking-confirmed/${order!.id}`,
  });
  await queueMail(sp, { ...mail, to: customer!.email });
  return order!;
}

/**
 * A paid new membership: active from its start date (venue-local today or earlier), else pending; the next payment
 * is the first billing date (recurring) or it expires a fixed duration after the start (fixed). The customer takes
 * the billing day and home venue when they have none, and the mandate becomes their instruction.
 */
async function activateMembership(sp: Tx, customerId: number, m: CartMembership, now: Date) {
  const today = formatIso(localDateOf(now, m.timeZone || DEFAULT_TIME_ZONE));
  const start = parseLocalDate(m.startDate)!;
  const expiresAt =
    m.paymentType === 'fixed' && m.fixedDuration && m.fixedPeriod
      ? formatIso(addPeriod(start, m.fixedDuration, m.fixedPeriod))
      : null;
  const [row] = await sp
    .update(memberships)
    .set({
      status: m.startDate <= today ? 'active' : 'pending',
      statusInfo: null,
      awaitingPayment: false,
      nextPaymentDate: m.paymentType === 'recurring' ? m.costs.firstBillingDate : null,
      expiresAt,
    })
    .where(and(eq(memberships.id, m.id), eq(memberships.awaitingPayment, true)))
    .returning({ homeVenueId: memberships.homeVenueId });
  if (!row) throw new Error(`Membership ${m.id} is no longer awaiting payment`);
  if (m.replacesMembershipId) {
    await endReplacedMembership(sp, {
      replacedId: m.replacesMembershipId,
      newStart: start,
      today: localDateOf(now, m.timeZone || DEFAULT_TIME_ZONE),
      newName: m.typeName,
    });
  }
  const [customer] = await sp
    .select({ billingDay: customers.billingDay, homeVenueId: customers.homeVenueId })
    .from(customers)
    .where(eq(customers.id, customerId));
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (customer!.billingDay === null && m.costs.billingDay !== null) changes.billingDay = m.costs.billingDay;
  if (customer!.homeVenueId === null) changes.homeVenueId = row.homeVenueId;
  if (m.mandateId) {
    await sp
      .update(directDebitMandates)
      .set({ status: 'active', activatedAt: now })
      .where(
        and(eq(directDebitMandates.id, m.mandateId), eq(directDebitMandates.status, 'pending_submission')),
      );
    changes.hasInstruction = true;
  }
  if (Object.keys(changes).length)
    await sp.update(customers).set(changes).where(eq(customers.id, customerId));
}
