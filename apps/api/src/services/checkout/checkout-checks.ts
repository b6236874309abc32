// What checkout works on and checks before it charges: the basket locked, each line still buyable (naming the
// session), the tenders, and the card to charge.
import { CARD_REQUIRED_MESSAGE, type CheckoutBody } from '@fieldhouse/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { activitySessions, cartItems, carts, savedCards } from '../../db/schema.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { formatMoney } from '../../lib/money.ts';
import { sessionLabel } from '../../lib/venue-time.ts';
import {
  type CartLine,
  type CartRow,
  lineProblem,
  maxCreditApplicable,
  OFFLINE_TENDERS,
  type PricedCart,
  sessionBlock,
  type Tender,
} from '../cart/index.ts';
import { type ChargeSource, isCardExpired } from '../payments/index.ts';

const lockCartById = prepared((db) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.id, sql.placeholder('cartId')), eq(carts.customerId, sql.placeholder('customerId'))))
    .for('update')
    .prepare('checkout_lock_cart_by_id'),
);
const lockOpenCart = prepared((db) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, sql.placeholder('customerId')), eq(carts.status, 'open')))
    .for('update')
    .prepare('checkout_lock_open_cart'),
);

export async function lockCart(tx: Tx, customerId: number, body: CheckoutBody): Promise<CartRow | undefined> {
  if (body.cart_id !== undefined) {
    const [cart] = await lockCartById(tx, { cartId: body.cart_id, customerId });
    if (!cart) throw notFound();
    return cart;
  }
  const [open] = await lockOpenCart(tx, { customerId });
  return open;
}

/**
 * The locked basket's lines (type and item), and the row locks on their sessions' places, in one statement (issue
 * 12: a round trip fewer in every checkout): the subquery locks the sessions in id order, as every checkout does,
 * so two checkouts never wait on each other in a cycle. It is evaluated once, before the first line is returned;
 * a basket with no lines locks nothing.
 */
const basketItemsLockingSessions = prepared((db) => {
  const cartId = sql.placeholder('cartId');
  const lockedSessions = db
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .where(
      inArray(
        activitySessions.id,
        db.select({ id: cartItems.sessionId }).from(cartItems).where(eq(cartItems.cartId, cartId)),
      ),
    )
    .orderBy(asc(activitySessions.id))
    .for('update');
  return db
    .select({
      type: cartItems.cartableType,
      cartableId: cartItems.cartableId,
      sessionsLocked: sql<number>`(select count(*)::int from (${lockedSessions}) as locked)`,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .prepare('checkout_items_lock_sessions');
});

/** The basket's lines, with their sessions' places locked (see above). */
export async function lockBasketItems(tx: Tx, cartId: number) {
  const rows = await basketItemsLockingSessions(tx, { cartId });
  return rows.map(({ type, cartableId }) => ({ type, cartableId }));
}

export async function lastCompletedCart(tx: Tx, customerId: number) {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), eq(carts.status, 'completed')))
    .orderBy(desc(carts.completedAt), desc(carts.id))
    .limit(1);
  return cart;
}

/** Checkout's message for a line that cannot be bought, naming the session. */
export function checkoutProblem(line: CartLine, now: Date): string | null {
  const s = line.session;
  if (!s) return lineProblem(line, now);
  const block = sessionBlock(s, line, now);
  if (block === null) return null;
  const label = sessionLabel(line.name, s.startsAt, s.timeZone);
  if (block === 'cancelled') return `Sorry, ${label} has been cancelled.`;
  if (block === 'started') return `Sorry, ${label} has already started.`;
  if (block === 'booked') return `You are already booked on ${label}.`;
  if (block === 'full') return `Sorry, ${label} is now full.`;
  if (block === 'not_released') return `Sorry, ${label} is not open for booking yet.`;
  const left = block.placesLeft;
  return `Sorry, only ${left} ${left === 1 ? 'place is' : 'places are'} left on ${label}.`;
}

export function tendersOf(body: CheckoutBody): Tender[] | undefined {
  if (!body.payments.length) return undefined;
  const types = body.payments.map((p) => p.tender_type);
  if (new Set(types).size !== types.length) {
    throw fieldError('payments', 'Give each kind of payment once.');
  }
  return body.payments
    .filter((p) => p.amount > 0)
    .map((p) => ({ tenderType: p.tender_type, amount: p.amount }));
}

export function checkTenders(priced: PricedCart, frontOfHouse: boolean) {
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

export async function resolveSource(
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
