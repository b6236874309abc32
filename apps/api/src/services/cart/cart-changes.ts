// The basket's changes: add, remove, quantity, clear, usages and tenders, each under the basket's row lock.
import {
  ALREADY_BOOKED_MESSAGE,
  ALREADY_IN_BASKET_MESSAGE,
  type CartItem,
  SESSION_CANCELLED_MESSAGE,
  SESSION_FULL_MESSAGE,
  SESSION_NOT_RELEASED_MESSAGE,
  SESSION_STARTED_MESSAGE,
  type TenderType,
} from '@fieldhouse/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type CartItemType, cartItemFor } from '../../db/cart-items.ts';
import type { Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  activities,
  activitySessions,
  bookings,
  cartItems,
  cartPayments,
  penalties,
  venues,
} from '../../db/schema.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { sessionReleasesAt } from '../../lib/session-state.ts';
import {
  cancelReleasedMandates,
  type MandateDeps,
  releaseAwaitingMemberships,
} from './awaiting-memberships.ts';
import type { CartRow } from './cart-lines.ts';
import {
  FEE_IN_BASKET_MESSAGE,
  ITEM_UNAVAILABLE_MESSAGE,
  isMembershipLine,
  maxPlacesMessage,
  NO_BENEFIT_MESSAGE,
  NO_PACKAGE_MESSAGE,
  NOT_ADDABLE_MESSAGE,
  PENALTY_PAID_MESSAGE,
  placesLeftMessage,
  QUANTITY_FIXED_MESSAGE,
} from './cart-lines.ts';
import { type CartContext, changeCart, priceCart, type TxDb } from './cart-service.ts';
import { maxCreditApplicable, type Tender } from './pricing.ts';

export type AddItem = { id: number; type: CartItem['cartable_type'] };

/** POST /api/cart/add: released, not started, not booked by the caller, not in the basket, not full. */
export async function addToCart(db: TxDb, ctx: CartContext, items: AddItem[]) {
  return changeCart(
    db,
    ctx,
    async (tx, cart) => {
      for (const item of items) {
        if (item.type === 'activity') await addSession(tx, ctx, cart, item.id);
        else if (item.type === 'penalty') await addPenalty(tx, ctx, cart, item.id);
        else throw fieldError('items', NOT_ADDABLE_MESSAGE);
      }
      return true;
    },
    { alwaysChanges: true },
  );
}

async function inCart(tx: Tx, cartId: number, type: CartItemType, id: number) {
  const [row] = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.cartableType, type), eq(cartItems.cartableId, id)))
    .limit(1);
  return Boolean(row);
}

/** A session to add, with whether the customer has booked it and whether it is in the basket: one statement. */
const sessionToAdd = prepared((db) =>
  db
    .select({
      startsAt: activitySessions.startsAt,
      cancelledAt: activitySessions.cancelledAt,
      capacity: activitySessions.capacity,
      bookedCount: activitySessions.bookedCount,
      clientId: venues.clientId,
      bookingWindowDays: venues.bookingWindowDays,
      booked: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.customerId} = ${sql.placeholder('customerId')} and ${bookings.activitySessionId} = ${activitySessions.id} and ${bookings.status} <> 'cancelled')`,
      inCart: sql<boolean>`exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${sql.placeholder('cartId')} and ${cartItems.cartableType} = 'activity' and ${cartItems.cartableId} = ${activitySessions.id})`,
    })
    .from(activitySessions)
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(eq(activitySessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('cart_session_to_add'),
);

async function addSession(tx: Tx, ctx: CartContext, cart: CartRow, sessionId: number) {
  const [session] = await sessionToAdd(tx, { sessionId, customerId: ctx.customerId, cartId: cart.id });
  if (!session || session.clientId !== ctx.clientId) throw notFound();
  const now = ctx.now.getTime();
  if (session.cancelledAt) throw fieldError('items', SESSION_CANCELLED_MESSAGE);
  if (session.startsAt.getTime() <= now) throw fieldError('items', SESSION_STARTED_MESSAGE);
  if (sessionReleasesAt(session.startsAt, session.bookingWindowDays).getTime() > now) {
    throw fieldError('items', SESSION_NOT_RELEASED_MESSAGE);
  }
  if (session.booked) throw fieldError('items', ALREADY_BOOKED_MESSAGE);
  if (session.inCart) throw fieldError('items', ALREADY_IN_BASKET_MESSAGE);
  if (session.bookedCount >= session.capacity) throw fieldError('items', SESSION_FULL_MESSAGE);
  await tx.insert(cartItems).values({ cartId: cart.id, ...cartItemFor('activity', sessionId) });
}

async function addPenalty(tx: Tx, ctx: CartContext, cart: CartRow, penaltyId: number) {
  const [penalty] = await tx
    .select()
    .from(penalties)
    .where(and(eq(penalties.id, penaltyId), eq(penalties.customerId, ctx.customerId)))
    .limit(1);
  if (!penalty) throw notFound();
  if (penalty.status !== 'unpaid') throw fieldError('items', PENALTY_PAID_MESSAGE);
  if (await inCart(tx, cart.id, 'penalty', penaltyId)) throw fieldError('items', FEE_IN_BASKET_MESSAGE);
  await tx.insert(cartItems).values({ cartId: cart.id, ...cartItemFor('penalty', penaltyId) });
}

/**
 * POST /api/cart/remove: every id must be a line of the caller's basket (else 404, nothing removed). A new
 * membership's line takes its awaiting-payment membership with it, and its unused mandate is cancelled.
 */
export async function removeFromCart(db: TxDb, ctx: CartContext, cartItemIds: number[], deps?: MandateDeps) {
  const ids = [...new Set(cartItemIds)];
  let released: string[] = [];
  const cart = await changeCart(db, ctx, async (tx, cart) => {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.id, ids)))
      .returning({ id: cartItems.id, type: cartItems.cartableType, cartableId: cartItems.cartableId });
    if (removed.length !== ids.length) throw notFound();
    const membershipIds = removed.filter((r) => isMembershipLine(r.type)).map((r) => r.cartableId);
    if (membershipIds.length)
      released = await releaseAwaitingMemberships(tx, {
        customerId: ctx.customerId,
        membershipIds,
        now: ctx.now,
      });
    // Removing a line keeps only credit payments (spec §4 Basket); credit is re-capped when read.
    await tx
      .delete(cartPayments)
      .where(and(eq(cartPayments.cartId, cart.id), ne(cartPayments.tenderType, 'credit')));
    return true;
  });
  await cancelReleasedMandates(deps, released);
  return cart;
}

async function findOwnLine(tx: Tx, cart: CartRow, cartItemId: number) {
  const [item] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.cartId, cart.id)))
    .limit(1);
  if (!item) throw notFound();
  return item;
}

/**
 * PUT /api/cart/:cartItemId: sets a line's quantity. Only activity lines whose activity allows several places
 * per booking (court hire, tickets) take more than 1, up to that limit and the places left on the session.
 */
export async function updateCartItem(db: TxDb, ctx: CartContext, cartItemId: number, quantity: number) {
  return changeCart(db, ctx, async (tx, cart) => {
    const item = await findOwnLine(tx, cart, cartItemId);
    if (item.quantity === quantity) return false;
    if (item.cartableType !== 'activity') throw fieldError('quantity', QUANTITY_FIXED_MESSAGE);
    const [session] = await tx
      .select({
        capacity: activitySessions.capacity,
        bookedCount: activitySessions.bookedCount,
        maxPlaces: activities.maxPlacesPerBooking,
      })
      .from(activitySessions)
      .innerJoin(activities, eq(activities.id, activitySessions.activityId))
      .where(eq(activitySessions.id, item.cartableId));
    if (!session) throw fieldError('quantity', ITEM_UNAVAILABLE_MESSAGE);
    if (session.maxPlaces === 1) throw fieldError('quantity', QUANTITY_FIXED_MESSAGE);
    if (quantity > session.maxPlaces) throw fieldError('quantity', maxPlacesMessage(session.maxPlaces));
    const left = session.capacity - session.bookedCount;
    if (quantity > item.quantity && quantity > left) {
      throw fieldError('quantity', left <= 0 ? SESSION_FULL_MESSAGE : placesLeftMessage(left));
    }
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, cartItemId));
    // As when a line is removed: offline tenders no longer match the total; credit is re-capped when read.
    await tx
      .delete(cartPayments)
      .where(and(eq(cartPayments.cartId, cart.id), ne(cartPayments.tenderType, 'credit')));
    return true;
  });
}

/** DELETE /api/cart (new memberships in it are released as when their line is removed). */
export async function clearCart(db: TxDb, ctx: CartContext, deps?: MandateDeps) {
  let released: string[] = [];
  const cart = await changeCart(db, ctx, async (tx, cart) => {
    const removed = await tx
      .delete(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .returning({ type: cartItems.cartableType, cartableId: cartItems.cartableId });
    const membershipIds = removed.filter((r) => isMembershipLine(r.type)).map((r) => r.cartableId);
    if (membershipIds.length)
      released = await releaseAwaitingMemberships(tx, {
        customerId: ctx.customerId,
        membershipIds,
        now: ctx.now,
      });
    await tx.delete(cartPayments).where(eq(cartPayments.cartId, cart.id));
    return true;
  });
  await cancelReleasedMandates(deps, released);
  return cart;
}

/**
 * DELETE /api/activities/{benefit|package}/remove/:id: the line pays full price from now on (the benefit or
 * package is not applied to it again automatically). 422 when that kind of usage is not applied to it.
 */
export async function removeUsage(
  db: TxDb,
  ctx: CartContext,
  cartItemId: number,
  kind: 'benefit' | 'package',
) {
  return changeCart(db, ctx, async (tx, cart) => {
    await findOwnLine(tx, cart, cartItemId);
    const priced = await priceCart(tx, {
      cart,
      customerId: ctx.customerId,
      now: ctx.now,
      timeZone: ctx.timeZone,
    });
    const line = priced.priced.find((p) => p.itemId === cartItemId)!;
    if (kind === 'benefit' && !line.benefit) throw fieldError('id', NO_BENEFIT_MESSAGE);
    if (kind === 'package' && !line.package) throw fieldError('id', NO_PACKAGE_MESSAGE);
    await tx.update(cartItems).set({ usageRemoved: true }).where(eq(cartItems.id, cartItemId));
    return true;
  });
}

export const OFFLINE_TENDERS = new Set<string>(['cash', 'offline-voucher', 'cheque']);

/**
 * PUT /api/cart/payments: replaces the basket's tenders. Amounts of zero or less remove a tender; credit is
 * capped at what may apply; offline tenders need a front-of-house device (403 otherwise).
 */
export async function setCartPayments(
  db: TxDb,
  ctx: CartContext,
  input: { payments: Tender[]; frontOfHouse: boolean },
) {
  const wanted = new Map<string, number>();
  for (const p of input.payments) wanted.set(p.tenderType, p.amount);
  const kept = [...wanted].filter(([, amount]) => amount > 0);
  if (kept.some(([type]) => OFFLINE_TENDERS.has(type)) && !input.frontOfHouse) throw forbidden();
  return changeCart(db, ctx, async (tx, cart) => {
    const priced = await priceCart(tx, {
      cart,
      customerId: ctx.customerId,
      now: ctx.now,
      timeZone: ctx.timeZone,
      tenders: [],
    });
    const maxCredit = maxCreditApplicable(priced.totals);
    await tx.delete(cartPayments).where(eq(cartPayments.cartId, cart.id));
    const rows = kept
      .map(([tenderType, amount]) => ({
        cartId: cart.id,
        tenderType: tenderType as TenderType,
        amount: tenderType === 'credit' ? Math.min(amount, maxCredit) : amount,
      }))
      .filter((r) => r.amount > 0);
    if (rows.length) await tx.insert(cartPayments).values(rows);
    return true;
  });
}
