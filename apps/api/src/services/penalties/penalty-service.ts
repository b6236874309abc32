import type { Penalty } from '@fieldhouse/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { activities, activitySessions, bookings, penalties, venues } from '../../db/schema.ts';
import { toMoney } from '../../lib/money.ts';
import { venueDatePretty, venueTime } from '../../lib/venue-time.ts';

const sessionVenues = alias(venues, 'session_venues');

/** GET /api/user/penalties: the caller's unpaid fees, newest first, with the booking they came from. */
export async function findUnpaidPenalties(db: DbOrTx, customerId: number): Promise<Penalty[]> {
  const rows = await db
    .select({
      penalty: penalties,
      venue: { id: venues.id, name: venues.name },
      session: { startsAt: activitySessions.startsAt },
      activityName: activities.name,
      sessionVenue: { name: sessionVenues.name, timeZone: sessionVenues.timeZone },
    })
    .from(penalties)
    .innerJoin(venues, eq(venues.id, penalties.venueId))
    .leftJoin(bookings, eq(bookings.id, penalties.bookingId))
    .leftJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(sessionVenues, eq(sessionVenues.id, activitySessions.venueId))
    .where(and(eq(penalties.customerId, customerId), eq(penalties.status, 'unpaid')))
    .orderBy(desc(penalties.createdAt), desc(penalties.id));
  return rows.map(({ penalty, venue, session, activityName, sessionVenue }) => ({
    id: penalty.id,
    type: penalty.type,
    description: penalty.description,
    fee_amount: toMoney(penalty.amount),
    cart_type: 'penalty',
    pricing_option_id: null,
    created_at: penalty.createdAt.toISOString(),
    booking:
      session?.startsAt && sessionVenue?.name
        ? {
            venue: sessionVenue.name,
            description: activityName ?? '',
            date: venueDatePretty(session.startsAt, sessionVenue.timeZone),
            time: venueTime(session.startsAt, sessionVenue.timeZone),
          }
        : null,
    venue,
  }));
}

/** Fees paid by an order (checkout, in its transaction): only those still unpaid change. */
export async function markPenaltiesPaid(tx: DbOrTx, penaltyIds: number[], now: Date) {
  if (!penaltyIds.length) return;
  await tx
    .update(penalties)
    .set({ status: 'paid', paidAt: now })
    .where(and(inArray(penalties.id, penaltyIds), eq(penalties.status, 'unpaid')));
}

/** A fee raised on a customer's account (the one writer of new fees, issue 14); answers its id. */
export async function raisePenalty(
  tx: DbOrTx,
  input: {
    customerId: number;
    venueId: number;
    type: string;
    description: string;
    amount: number;
    now: Date;
  },
): Promise<number> {
  const [penalty] = await tx
    .insert(penalties)
    .values({
      customerId: input.customerId,
      venueId: input.venueId,
      type: input.type,
      description: input.description,
      amount: input.amount,
      createdAt: input.now,
    })
    .returning({ id: penalties.id });
  return penalty!.id;
}
