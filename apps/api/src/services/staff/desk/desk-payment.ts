import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { attributeOrder } from '../../../db/order-venue.ts';
import {
  activitySessions,
  cartItems,
  memberships,
  orderItems,
  orders,
  penalties,
} from '../../../db/schema.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { inScope, type VenueScope } from './shared.ts';

/**
 * Whether the desk may take payment for a basket (issue 41): only when every line is at one of the staff member's
 * venues, the rule check-in, registers and guest-pass redemption use. A line's venue is its session's, its
 * membership's home venue, or its fee's. Called with the checkout's transaction, after the basket's row lock.
 */
export async function deskMayTakePayment(tx: DbOrTx, input: { cartId: number; scope: VenueScope }) {
  if (input.scope.venueIds === 'all') return true;
  const lines = await tx
    .select({
      venueId: sql<
        number | null
      >`coalesce(${activitySessions.venueId}, ${memberships.homeVenueId}, ${penalties.venueId})`,
    })
    .from(cartItems)
    .leftJoin(activitySessions, eq(activitySessions.id, cartItems.sessionId))
    .leftJoin(memberships, eq(memberships.id, cartItems.membershipId))
    .leftJoin(penalties, eq(penalties.id, cartItems.penaltyId))
    .where(eq(cartItems.cartId, input.cartId));
  return lines.every((line) => line.venueId !== null && inScope(input.scope, line.venueId));
}

/**
 * The audit entry of a desk payment, written with the order in the checkout's transaction (so there is no payment
 * without its entry, and a replayed pay, which answers the order already made, writes none): what it was paid with,
 * as stored, the card by its description only; and what it sold (the order's lines: sessions, memberships, fees).
 */
export async function recordDeskPayment(
  tx: DbOrTx,
  actor: Actor,
  now: Date,
  input: {
    customerId: number;
    orderId: number;
    payments: { tenderType: string; amount: number; cardDescription: string | null }[];
    /** Who finished it when not the desk's own call: the card provider's webhook, after 3-D Secure. */
    completedBy?: string;
    /** The open till session whose drawer took it (decision 083); none: the venue's 'No till'. */
    tillSessionId?: number | null;
  },
) {
  await attributeOrder(tx, input.orderId, actor.staffId);
  if (input.tillSessionId)
    await tx.update(orders).set({ tillSessionId: input.tillSessionId }).where(eq(orders.id, input.orderId));
  const sold = await tx
    .select({ kind: orderItems.kind, name: orderItems.name, price: orderItems.price })
    .from(orderItems)
    .where(eq(orderItems.orderId, input.orderId))
    .orderBy(asc(orderItems.id));
  await recordAudit(tx, actor, now, {
    action: 'desk.pay',
    entity: 'order',
    entityId: input.orderId,
    before: null,
    after: {
      customer_id: input.customerId,
      tenders: input.payments.map((p) => ({
        tender_type: p.tenderType,
        amount: p.amount,
        card: p.cardDescription,
      })),
      ...(input.completedBy && { completed_by: input.completedBy }),
      ...(input.tillSessionId && { till_session_id: input.tillSessionId }),
      items: sold,
    },
  });
}
