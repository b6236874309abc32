import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { activities, activitySessions, bookings, venues } from '../../db/schema.ts';
import { sessionLabel } from '../../lib/venue-time.ts';
import { returnBookingUsages } from '../allowances/index.ts';
import { notifyWaitlistOfFreedPlaces } from './freed-places.ts';

/**
 * Staff refunded the whole of these bookings' order lines (issue 35 item 4, decision 074): in the caller's
 * transaction, each live booking of a session that has not started is cancelled, its places freed, its membership
 * use or package session given back, and everyone waiting for the session told a place is free, as when the member
 * cancels. No cancellation credit: the refund is what comes back. Sessions are locked in id order, as checkout and
 * members' cancellations lock them. Returns what it cancelled, with each session's label for the member's mail.
 */
export async function cancelRefundedBookings(
  tx: Tx,
  input: { bookingIds: number[]; now: Date; clientName: string; bookingsUrl: string },
) {
  const ids = [...new Set(input.bookingIds)];
  if (!ids.length) return [];
  await tx
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .innerJoin(bookings, eq(bookings.activitySessionId, activitySessions.id))
    .where(inArray(bookings.id, ids))
    .orderBy(asc(activitySessions.id))
    .for('update', { of: activitySessions });
  const rows = await tx
    .select({ booking: bookings, session: activitySessions, activityName: activities.name, venue: venues })
    .from(bookings)
    .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(
      and(inArray(bookings.id, ids), eq(bookings.status, 'booked'), gt(activitySessions.startsAt, input.now)),
    )
    .orderBy(asc(bookings.id))
    .for('update', { of: bookings });
  if (!rows.length) return [];
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: input.now })
    .where(
      inArray(
        bookings.id,
        rows.map((r) => r.booking.id),
      ),
    );
  for (const row of rows)
    await tx
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} - ${row.booking.places}` })
      .where(eq(activitySessions.id, row.session.id));
  await returnBookingUsages(
    tx,
    rows.map((r) => r.booking.id),
    input.now,
  );

  const label = (row: (typeof rows)[number]) =>
    sessionLabel(row.activityName, row.session.startsAt, row.venue.timeZone);
  await notifyWaitlistOfFreedPlaces(tx, {
    sessions: rows.map((row) => ({
      id: row.session.id,
      label: label(row),
      venueName: row.venue.name,
      venueSlug: row.venue.slug,
    })),
    clientName: input.clientName,
    bookingsUrl: input.bookingsUrl,
  });
  return rows.map((row) => ({ id: row.booking.id, sessionId: row.session.id, label: label(row) }));
}
