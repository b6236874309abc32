import { BOOKING_TEXTS, type Booking } from '@fieldhouse/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { activitySessions, bookings } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { addMonthsToInstant } from '../../lib/local-date.ts';
import { sessionLabel } from '../../lib/venue-time.ts';
import { returnBookingUsages } from '../allowances/index.ts';
import { awardCancellationCredit } from '../credits/index.ts';
import { canBeCancelled, selectBookingDetails, toBookingWire } from './booking-service.ts';
import { notifyWaitlistOfFreedPlaces } from './freed-places.ts';

/** Booking credit lasts this long. */
export const BOOKING_CREDIT_MONTHS = 12;
export const NOT_CANCELLABLE_MESSAGE = 'This booking can no longer be cancelled.';

export type CancelRequest = {
  customerId: number;
  bookingIds: number[];
  source: string;
  now: Date;
  clientName: string;
  /** Base URL of the bookings site, for the waitlist mails. */
  bookingsUrl: string;
};

/**
 * Cancels the caller's bookings (all or none): frees the places, awards booking credit where the activity's
 * policy says so, gives back benefit uses and package sessions, and mails everyone waiting for those sessions.
 * Within the cut-off the server refuses (422 'Cannot cancel due to booking starting soon').
 */
export async function cancelBookings(db: Db, request: CancelRequest) {
  const ids = [...new Set(request.bookingIds)];
  // A deadlock or serialization conflict rolls the whole cancellation back (it writes only the database, the mail
  // included, through the outbox), so it runs again instead of answering 503.
  return transactionRetried(db, (tx) => cancelInTransaction(tx, request, ids));
}

async function cancelInTransaction(tx: Tx, request: CancelRequest, ids: number[]) {
  const { customerId, now } = request;
  // Lock the sessions (id order, like checkout), then the bookings.
  const sessionRows = await tx
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .innerJoin(bookings, eq(bookings.activitySessionId, activitySessions.id))
    .where(and(inArray(bookings.id, ids), eq(bookings.customerId, customerId)))
    .orderBy(asc(activitySessions.id))
    .for('update', { of: activitySessions });
  const rows = await selectBookingDetails(tx)
    .where(and(inArray(bookings.id, ids), eq(bookings.customerId, customerId)))
    .orderBy(asc(bookings.id))
    .for('update', { of: bookings });
  if (rows.length !== ids.length || sessionRows.length === 0) throw notFound();
  for (const row of rows) {
    if (row.booking.status !== 'booked')
      throw new HttpError(422, NOT_CANCELLABLE_MESSAGE, { booking_ids: [NOT_CANCELLABLE_MESSAGE] });
    if (!canBeCancelled(row, now)) {
      throw new HttpError(422, BOOKING_TEXTS.cannotCancel, { booking_ids: [BOOKING_TEXTS.cannotCancel] });
    }
  }

  await tx.update(bookings).set({ status: 'cancelled', cancelledAt: now }).where(inArray(bookings.id, ids));
  for (const row of rows) {
    await tx
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} - ${row.booking.places}` })
      .where(eq(activitySessions.id, row.session.id));
  }

  // Credit for the value of each booking whose activity awards it.
  let creditAwarded = 0;
  const awarded = new Set<number>();
  for (const row of rows) {
    if (!row.activity.cancellationAwardsCredit || row.booking.price <= 0) continue;
    creditAwarded += row.booking.price;
    awarded.add(row.booking.id);
    await awardCancellationCredit(tx, {
      customerId,
      amount: row.booking.price,
      activityName: row.activity.name,
      relatedItem: sessionLabel(row.activity.name, row.session.startsAt, row.venue.timeZone),
      location: row.venue.name,
      expiresAt: addMonthsToInstant(now, BOOKING_CREDIT_MONTHS, row.venue.timeZone),
      orderId: row.booking.orderId,
      bookingId: row.booking.id,
      now,
    });
  }

  // Benefit uses and package sessions come back.
  await returnBookingUsages(tx, ids, now);

  // Everyone waiting hears that a place is free; the first to book gets it.
  await notifyWaitlistOfFreedPlaces(tx, {
    sessions: rows.map((row) => ({
      id: row.session.id,
      label: sessionLabel(row.activity.name, row.session.startsAt, row.venue.timeZone),
      venueName: row.venue.name,
      venueSlug: row.venue.slug,
    })),
    clientName: request.clientName,
    bookingsUrl: request.bookingsUrl,
  });

  const bookingsAfter: Booking[] = rows.map((row) => {
    const wire = toBookingWire(
      {
        ...row,
        booking: { ...row.booking, status: 'cancelled', cancelledAt: now },
        session: { ...row.session, bookedCount: row.session.bookedCount - row.booking.places },
      },
      now,
    );
    const gotCredit = awarded.has(row.booking.id);
    return {
      ...wire,
      awards_credit: {
        can_be_awarded: gotCredit,
        message: gotCredit ? BOOKING_TEXTS.creditAwarded : wire.awards_credit.message,
      },
    };
  });
  return { bookings: bookingsAfter, creditAwarded };
}

/**
 * Staff cancelled the session (issue 35): every live booking on it is cancelled and its places freed, in the
 * caller's transaction, which holds the session's row lock. Returns the bookings it cancelled; money and allowances
 * are the caller's to give back.
 */
export async function cancelSessionBookings(
  tx: Tx,
  input: {
    sessionId: number;
    now: Date;
    /** Only this booking (a member's cancel after a move). */
    bookingId?: number;
  },
) {
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: input.now })
    .where(
      and(
        eq(bookings.activitySessionId, input.sessionId),
        eq(bookings.status, 'booked'),
        input.bookingId === undefined ? undefined : eq(bookings.id, input.bookingId),
      ),
    )
    .returning();
  const places = cancelled.reduce((n, b) => n + b.places, 0);
  if (places)
    await tx
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} - ${places}` })
      .where(eq(activitySessions.id, input.sessionId));
  return cancelled.sort((a, b) => a.id - b.id);
}
