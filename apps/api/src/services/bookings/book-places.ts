import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { activitySessions, bookings } from '../../db/schema.ts';
import { bookingsMade } from '../../lib/metrics.ts';

/**
 * The one writer of new bookings and the places they take (issue 14): checkout books a paid basket's sessions here;
 * cancellation (cancel-booking.ts) gives places back. The sessions' `booked_count` check constraint is the last line
 * of defence against overbooking; the caller has locked and checked the sessions first.
 */
export async function bookPlaces(
  tx: Tx,
  input: {
    customerId: number;
    orderId: number;
    lines: { sessionId: number; price: number; places: number }[];
    now: Date;
  },
): Promise<Map<number, number>> {
  const bookingBySession = new Map<number, number>();
  if (!input.lines.length) return bookingBySession;
  const rows = await tx
    .insert(bookings)
    .values(
      input.lines.map((l) => ({
        customerId: input.customerId,
        activitySessionId: l.sessionId,
        orderId: input.orderId,
        status: 'booked' as const,
        price: l.price,
        places: l.places,
        createdAt: input.now,
      })),
    )
    .returning({ id: bookings.id, sessionId: bookings.activitySessionId });
  for (const r of rows) bookingBySession.set(r.sessionId, r.id);
  // Counted when written: a checkout rolled back after this (rare: a failure after the charge) counts them again
  // when it is retried (decision 066).
  bookingsMade.inc(rows.length);
  // One place per booking, or the line's quantity of places (court hire, tickets); grouped by how many.
  const sessionsByPlaces = new Map<number, number[]>();
  for (const l of input.lines)
    sessionsByPlaces.set(l.places, [...(sessionsByPlaces.get(l.places) ?? []), l.sessionId]);
  for (const [places, sessionIds] of [...sessionsByPlaces].sort((a, b) => a[0] - b[0])) {
    await tx
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} + ${places}` })
      .where(inArray(activitySessions.id, sessionIds));
  }
  return bookingBySession;
}
