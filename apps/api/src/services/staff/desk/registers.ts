import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import { activities, activitySessions, bookings, customers, venues } from '../../../db/schema.ts';
import {
  addDays,
  compareDates,
  formatIso,
  type LocalDate,
  localDateOf,
  startOfDay,
} from '../../../lib/local-date.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { deskInstant, fullName, inScope, type VenueScope } from './shared.ts';

type SessionRow = {
  id: number;
  name: string;
  category: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  bookedPlaces: number;
  bookings: number;
  attended: number;
  unattended: number;
  cancellationReason: string | null;
};

/** The counts come from the live (not cancelled) bookings of the session. */
const liveCount = (where: string) =>
  sql<number>`(select count(*)::int from ${bookings} b where b.activity_session_id = ${activitySessions.id} and b.status <> 'cancelled'${sql.raw(where)})`;
const sessionColumns = {
  id: activitySessions.id,
  name: activities.name,
  category: activities.category,
  location: activitySessions.locationName,
  startsAt: activitySessions.startsAt,
  endsAt: activitySessions.endsAt,
  capacity: activitySessions.capacity,
  bookedPlaces: activitySessions.bookedCount,
  bookings: liveCount(''),
  attended: liveCount(' and b.attended is true'),
  unattended: liveCount(' and b.attended is false'),
  cancellationReason: sql<
    string | null
  >`case when ${activitySessions.cancelledAt} is null then null else coalesce(${activitySessions.cancellationReason}, '') end`,
};

const toRegisterSession = (s: SessionRow, timeZone: string) => ({
  id: s.id,
  name: s.name,
  category: s.category,
  location: s.location,
  starts_at: deskInstant(s.startsAt, timeZone),
  ends_at: deskInstant(s.endsAt, timeZone),
  capacity: s.capacity,
  booked_places: s.bookedPlaces,
  bookings: Number(s.bookings),
  attended: Number(s.attended),
  unattended: Number(s.unattended),
  cancellation_reason: s.cancellationReason,
});

async function scopedVenue(db: DbOrTx, input: { clientId: number; venueId: number; scope: VenueScope }) {
  if (!inScope(input.scope, input.venueId)) return null;
  const [venue] = await db
    .select({ id: venues.id, name: venues.name, timeZone: venues.timeZone })
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.clientId, input.clientId)));
  return venue ?? null;
}

/**
 * GET /api/staff/registers: the venue's sessions starting on one venue-local day (00:00 to 00:00, 23 or 25 hours on
 * the clock-change days), in time order, with their bookings counted. `date` defaults to today there. Null for a
 * venue the staff member does not work at.
 */
export async function listRegisters(
  db: DbOrTx,
  input: { clientId: number; venueId: number; date?: LocalDate; scope: VenueScope; now: Date },
) {
  const venue = await scopedVenue(db, input);
  if (!venue) return null;
  const day: LocalDate = input.date ?? localDateOf(input.now, venue.timeZone);
  const rows = await db
    .select(sessionColumns)
    .from(activitySessions)
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(
      and(
        eq(activitySessions.venueId, venue.id),
        gte(activitySessions.startsAt, startOfDay(day, venue.timeZone)),
        lt(activitySessions.startsAt, startOfDay(addDays(day, 1), venue.timeZone)),
      ),
    )
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
  return {
    venue: { id: venue.id, name: venue.name },
    date: formatIso(day),
    sessions: rows.map((s) => toRegisterSession(s, venue.timeZone)),
  };
}

async function scopedSession(db: DbOrTx, input: { clientId: number; sessionId: number; scope: VenueScope }) {
  const [row] = await db
    .select({
      ...sessionColumns,
      venue: { id: venues.id, name: venues.name, timeZone: venues.timeZone },
    })
    .from(activitySessions)
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(and(eq(activitySessions.id, input.sessionId), eq(venues.clientId, input.clientId)));
  return row && inScope(input.scope, row.venue.id) ? row : null;
}

const entryColumns = {
  bookingId: bookings.id,
  places: bookings.places,
  attended: bookings.attended,
  customerId: customers.id,
  reference: customers.reference,
  firstName: customers.firstName,
  lastName: customers.lastName,
};
type EntryRow = {
  bookingId: number;
  places: number;
  attended: boolean | null;
  customerId: number;
  reference: string;
  firstName: string;
  lastName: string;
};
const toEntry = (r: EntryRow) => ({
  booking_id: r.bookingId,
  customer: { id: r.customerId, reference: r.reference, name: fullName(r) },
  places: r.places,
  attended: r.attended,
});

/** GET /api/staff/registers/:sessionId: the session and its live bookings by name. Null outside the staff's venues. */
export async function findRegister(
  db: DbOrTx,
  input: { clientId: number; sessionId: number; scope: VenueScope },
) {
  const session = await scopedSession(db, input);
  if (!session) return null;
  const rows = await db
    .select(entryColumns)
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(eq(bookings.activitySessionId, session.id), ne(bookings.status, 'cancelled')))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(bookings.id));
  const { venue, ...rest } = session;
  return {
    session: { ...toRegisterSession(rest, venue.timeZone), venue: { id: venue.id, name: venue.name } },
    bookings: rows.map(toEntry),
  };
}

export type AttendanceOutcome =
  | { kind: 'done'; entry: ReturnType<typeof toEntry> }
  | { kind: 'session_not_found' }
  | { kind: 'booking_not_found' }
  | { kind: 'not_open' };

/**
 * Marks one live booking of the session attended or not (bookings.attended, which the member's previous bookings
 * show as Attended / Unattended), with its audit entry, in one transaction that locks the booking. Only from the
 * session's own day on (venue-local); marking again changes the mark.
 */
export async function markAttendance(
  db: Db,
  input: {
    clientId: number;
    sessionId: number;
    bookingId: number;
    attended: boolean;
    scope: VenueScope;
    actor: Actor;
    now: Date;
  },
): Promise<AttendanceOutcome> {
  return transactionRetried(db, async (tx) => {
    const session = await scopedSession(tx, input);
    if (!session) return { kind: 'session_not_found' };
    const [row] = await tx
      .select(entryColumns)
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(
        and(
          eq(bookings.id, input.bookingId),
          eq(bookings.activitySessionId, session.id),
          ne(bookings.status, 'cancelled'),
        ),
      )
      .for('update', { of: bookings });
    if (!row) return { kind: 'booking_not_found' };
    const zone = session.venue.timeZone;
    if (compareDates(localDateOf(session.startsAt, zone), localDateOf(input.now, zone)) > 0)
      return { kind: 'not_open' };
    await tx.update(bookings).set({ attended: input.attended }).where(eq(bookings.id, row.bookingId));
    await recordAudit(tx, input.actor, input.now, {
      action: 'booking.attendance',
      entity: 'booking',
      entityId: row.bookingId,
      before: { attended: row.attended },
      after: { attended: input.attended, session_id: session.id },
    });
    return { kind: 'done', entry: toEntry({ ...row, attended: input.attended }) };
  });
}
