import { CASH_UP_TEXTS } from '@fieldhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executeRows } from '../../../db/references.ts';
import { tillSessions, tills, venues } from '../../../db/schema.ts';
import { fieldError } from '../../../lib/http-errors.ts';

/**
 * The venue a desk basket's takings will be counted at: the rule of `attributeOrder` (decision 080) on the basket's
 * lines, before the order exists (a session's venue, else a membership's home venue, else a fee's venue, else the
 * customer's home venue), so a till is checked before any money is taken.
 */
export async function basketVenue(tx: DbOrTx, input: { cartId: number; customerId: number }) {
  const [row] = await executeRows<{ venue_id: number | null }>(
    tx,
    sql`select coalesce(
      (select s.venue_id from cart_items ci join activity_sessions s on s.id = ci.session_id
        where ci.cart_id = ${input.cartId} order by ci.id limit 1),
      (select m.home_venue_id from cart_items ci join memberships m on m.id = ci.membership_id
        where ci.cart_id = ${input.cartId} order by ci.id limit 1),
      (select p.venue_id from cart_items ci join penalties p on p.id = ci.penalty_id
        where ci.cart_id = ${input.cartId} order by ci.id limit 1),
      (select c.home_venue_id from customers c where c.id = ${input.customerId})) as venue_id`,
  );
  return row?.venue_id ?? null;
}

/**
 * The open session of the till a desk payment or cash refund names (decision 083), in the caller's transaction: the
 * till must be a live one at the venue of the sale, and open; otherwise 422 under `till_id`. The session's row is
 * locked FOR SHARE, so a close of it waits for this payment (and counts it), or this waits for the close and is
 * refused: nothing lands in a closed drawer.
 */
export async function openSessionOfTill(
  tx: DbOrTx,
  input: { tillId: number; saleVenueId: number | null; clientId: number },
): Promise<number> {
  const [saleVenue] = input.saleVenueId
    ? await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, input.saleVenueId))
    : [];
  const [till] = await tx
    .select({ name: tills.name, venueId: tills.venueId, archivedAt: tills.archivedAt })
    .from(tills)
    .innerJoin(venues, eq(venues.id, tills.venueId))
    .where(and(eq(tills.id, input.tillId), eq(venues.clientId, input.clientId)));
  if (!till || till.archivedAt || till.venueId !== input.saleVenueId)
    throw fieldError('till_id', CASH_UP_TEXTS.tillNotAtSale(saleVenue?.name ?? 'the venue of the sale'));
  const [session] = await tx
    .select({ id: tillSessions.id })
    .from(tillSessions)
    .where(and(eq(tillSessions.tillId, input.tillId), eq(tillSessions.status, 'open')))
    .for('share');
  if (!session) throw fieldError('till_id', CASH_UP_TEXTS.tillNotOpen(till.name));
  return session.id;
}
