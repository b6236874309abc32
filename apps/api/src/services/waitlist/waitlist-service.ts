import {
  ALREADY_BOOKED_MESSAGE,
  SESSION_CANCELLED_MESSAGE,
  SESSION_STARTED_MESSAGE,
  WAITLIST_TEXTS,
  type WaitlistEntry,
} from '@fieldhouse/contract';
import { and, asc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { activities, activitySessions, bookings, venues, waitlistEntries } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { formatDuration, venueDate, venueDatePretty, venueTime } from '../../lib/venue-time.ts';

/** 1-based place in the queue: waiting entries of the same session created before (or with a lower id). */
const position = sql<number>`(select count(*)::int from waitlist_entries q where q.activity_session_id = ${waitlistEntries.activitySessionId} and q.status = 'waiting' and (q.created_at < ${waitlistEntries.createdAt} or (q.created_at = ${waitlistEntries.createdAt} and q.id <= ${waitlistEntries.id})))`;

async function selectEntries(db: DbOrTx, where: SQL | undefined) {
  const rows = await db
    .select({
      entry: waitlistEntries,
      session: activitySessions,
      activityName: activities.name,
      venue: { name: venues.name, slug: venues.slug, timeZone: venues.timeZone },
      position,
    })
    .from(waitlistEntries)
    .innerJoin(activitySessions, eq(activitySessions.id, waitlistEntries.activitySessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(where)
    .orderBy(asc(activitySessions.startsAt), asc(waitlistEntries.id));
  return rows.map(
    ({ entry, session, activityName, venue, position }): WaitlistEntry => ({
      id: entry.id,
      order: Number(position),
      date: venueDate(session.startsAt, venue.timeZone),
      session_id: session.id,
      waitlistable: {
        name: activityName,
        date: venueDatePretty(session.startsAt, venue.timeZone),
        starts_at: venueTime(session.startsAt, venue.timeZone),
        ends_at: venueTime(session.endsAt, venue.timeZone),
        duration: formatDuration(session.startsAt, session.endsAt),
        venue_name: venue.name,
        venue_slug: venue.slug,
        location: { name: session.locationName },
        places_left: Math.max(0, session.capacity - session.bookedCount),
      },
    }),
  );
}

/** GET /api/waitlist: live entries for sessions that have not started, soonest first. */
export async function findWaitlist(db: DbOrTx, customerId: number, now: Date) {
  return selectEntries(
    db,
    and(
      eq(waitlistEntries.customerId, customerId),
      eq(waitlistEntries.status, 'waiting'),
      gt(activitySessions.startsAt, now),
    ),
  );
}

/** POST /api/waitlist: only for a full session that has not started, not booked or already waited on. */
export async function joinWaitlist(
  db: Db,
  input: { customerId: number; clientId: number; sessionId: number; now: Date },
) {
  return transactionRetried(db, async (tx) => {
    const [row] = await tx
      .select({ session: activitySessions, clientId: venues.clientId })
      .from(activitySessions)
      .innerJoin(venues, eq(venues.id, activitySessions.venueId))
      .where(eq(activitySessions.id, input.sessionId));
    if (!row || row.clientId !== input.clientId) throw notFound();
    const { session } = row;
    if (session.cancelledAt) throw fieldError('session_id', SESSION_CANCELLED_MESSAGE);
    if (session.startsAt.getTime() <= input.now.getTime())
      throw fieldError('session_id', SESSION_STARTED_MESSAGE);
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.customerId, input.customerId),
          eq(bookings.activitySessionId, session.id),
          ne(bookings.status, 'cancelled'),
        ),
      )
      .limit(1);
    if (booked) throw fieldError('session_id', ALREADY_BOOKED_MESSAGE);
    const [waiting] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.customerId, input.customerId),
          eq(waitlistEntries.activitySessionId, session.id),
          eq(waitlistEntries.status, 'waiting'),
        ),
      )
      .limit(1);
    if (waiting) throw fieldError('session_id', WAITLIST_TEXTS.alreadyWaiting);
    if (session.bookedCount < session.capacity) throw fieldError('session_id', WAITLIST_TEXTS.notFull);
    const inserted = await tx
      .insert(waitlistEntries)
      .values({
        customerId: input.customerId,
        activitySessionId: session.id,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    if (!inserted.length) throw fieldError('session_id', WAITLIST_TEXTS.alreadyWaiting);
    const [entry] = await selectEntries(tx, eq(waitlistEntries.id, inserted[0]!.id));
    return entry!;
  });
}

/** DELETE /api/waitlist/:id: the caller's own live entry only (else 404). */
export async function leaveWaitlist(db: DbOrTx, input: { customerId: number; entryId: number; now: Date }) {
  const left = await db
    .update(waitlistEntries)
    .set({ status: 'left', updatedAt: input.now })
    .where(
      and(
        eq(waitlistEntries.id, input.entryId),
        eq(waitlistEntries.customerId, input.customerId),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .returning({ id: waitlistEntries.id });
  if (!left.length) throw notFound();
}

/** A member who has booked sessions leaves the waitlists of those sessions (checkout, in its transaction). */
export async function leaveWaitlistsOnBooking(
  tx: DbOrTx,
  customerId: number,
  sessionIds: number[],
  now: Date,
) {
  if (!sessionIds.length) return;
  await tx
    .update(waitlistEntries)
    .set({ status: 'booked', updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.customerId, customerId),
        inArray(waitlistEntries.activitySessionId, sessionIds),
        eq(waitlistEntries.status, 'waiting'),
      ),
    );
}

/**
 * Staff cancelled the session (issue 35): everyone still waiting for it stops waiting ('expired': the session will
 * not have a place again). Returns who was waiting, for their mail.
 */
export async function endWaitlistOfCancelledSession(tx: Tx, input: { sessionId: number; now: Date }) {
  return tx
    .update(waitlistEntries)
    .set({ status: 'expired', updatedAt: input.now })
    .where(and(eq(waitlistEntries.activitySessionId, input.sessionId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id, customerId: waitlistEntries.customerId });
}
