import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Sets the venue whose takings an order is (decision 080), once its lines are written, in the order's transaction:
 * the venue of its first line (a session's venue, a membership's home venue, a fee's venue), else the customer's
 * home venue. Migration 0039 gave earlier orders theirs by the same rule. `staffId`: who took it at the desk.
 */
export async function attributeOrder(tx: DbOrTx, orderId: number, staffId: number | null = null) {
  await tx.execute(sql`
    update orders o set
      staff_id = coalesce(${staffId}::int, o.staff_id),
      venue_id = coalesce(
        (select s.venue_id from order_items oi join activity_sessions s on s.id = oi.activity_session_id
          where oi.order_id = o.id order by oi.id limit 1),
        (select m.home_venue_id from order_items oi join memberships m on m.id = oi.membership_id
          where oi.order_id = o.id order by oi.id limit 1),
        (select p.venue_id from order_items oi join penalties p on p.id = oi.penalty_id
          where oi.order_id = o.id order by oi.id limit 1),
        (select c.home_venue_id from customers c where c.id = o.customer_id))
    where o.id = ${orderId}`);
}
