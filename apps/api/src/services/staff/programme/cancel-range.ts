import { PROGRAMME_CHANGE_TEXTS, RANGE_CANCEL_BATCH, type SessionRange } from '@fieldhouse/contract';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { activities, activitySessions, bookings, venues } from '../../../db/schema.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import { instantAt, parseLocalDate } from '../../../lib/local-date.ts';
import { toMoney } from '../../../lib/money.ts';
import { venueDayMonth, venueTime } from '../../../lib/venue-time.ts';
import { type CancelSessionInput, cancelSession } from './cancel-session.ts';

type Scope = { clientId: number; venueIds: 'all' | number[]; now: Date };

const DAY = 86_400_000;
/** The longest range one preview or cancel covers (a month of a venue's programme). */
const MAX_RANGE_DAYS = 31;

/** 'YYYY-MM-DDTHH:MM' at the venue, as an instant (clock changes follow the venue's zone). */
function venueInstant(value: string, timeZone: string) {
  const date = parseLocalDate(value.slice(0, 10));
  const [hour, minute] = value.slice(11).split(':').map(Number) as [number, number];
  if (!date || hour > 23 || minute > 59) throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.localDateTime);
  return instantAt(date, { hour, minute }, timeZone);
}

export { venueInstant };

/** The venue (this client's, at the staff member's venues) and the range's instants; refuses a bad range. */
async function resolveRange(db: Db, range: SessionRange, scope: Scope) {
  const [venue] = await db.select().from(venues).where(eq(venues.id, range.venue_id));
  if (
    !venue ||
    venue.clientId !== scope.clientId ||
    (scope.venueIds !== 'all' && !scope.venueIds.includes(venue.id))
  )
    throw notFound(PROGRAMME_CHANGE_TEXTS.venueNotFound);
  const from = venueInstant(range.from, venue.timeZone);
  const to = venueInstant(range.to, venue.timeZone);
  if (to.getTime() <= from.getTime()) throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.rangeOrder);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
    throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.rangeTooLong);
  return { venue, from, to };
}

/**
 * The sessions of a range that have not started (cancelled ones too, marked), in start order, with their live
 * bookings and what those paid. None at all is a clear error (422), so staff never confirm an empty range.
 */
async function rangeSessions(db: Db, range: SessionRange, scope: Scope) {
  const { venue, from, to } = await resolveRange(db, range, scope);
  const start = from.getTime() > scope.now.getTime() ? from : scope.now;
  const rows = await db
    .select({
      id: activitySessions.id,
      activityName: activities.name,
      locationName: activitySessions.locationName,
      startsAt: activitySessions.startsAt,
      bookedCount: activitySessions.bookedCount,
      cancelledAt: activitySessions.cancelledAt,
    })
    .from(activitySessions)
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(
      and(
        eq(activitySessions.venueId, venue.id),
        from.getTime() > scope.now.getTime()
          ? gte(activitySessions.startsAt, start)
          : gt(activitySessions.startsAt, start),
        lt(activitySessions.startsAt, to),
        range.activity_id ? eq(activitySessions.activityId, range.activity_id) : undefined,
        range.location_name ? eq(activitySessions.locationName, range.location_name) : undefined,
      ),
    )
    .orderBy(asc(activitySessions.startsAt), asc(activitySessions.id));
  if (!rows.length) throw new HttpError(422, PROGRAMME_CHANGE_TEXTS.emptyRange);
  const booked = await db
    .select({
      sessionId: bookings.activitySessionId,
      count: sql<number>`count(*)::int`,
      paid: sql<number>`coalesce(sum(${bookings.price}) filter (where ${bookings.orderId} is not null), 0)::int`,
    })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.activitySessionId,
          rows.map((r) => r.id),
        ),
        eq(bookings.status, 'booked'),
      ),
    )
    .groupBy(bookings.activitySessionId);
  const bySession = new Map(booked.map((b) => [b.sessionId, b]));
  const sessions = rows.map((r) => ({
    ...r,
    label: `${r.activityName} at ${venueTime(r.startsAt, venue.timeZone)} on ${venueDayMonth(r.startsAt, venue.timeZone)}`,
    bookings: Number(bySession.get(r.id)?.count ?? 0),
    paid: Number(bySession.get(r.id)?.paid ?? 0),
  }));
  return { venue, sessions };
}

/**
 * What cancelling a range would do (issue 35, item 1; decision 075): each session with its bookings and what they
 * paid, the totals, and the venue's activities and locations for the filters. Reads only; changes nothing.
 */
export async function previewSessionRange(db: Db, range: SessionRange, scope: Scope) {
  const { venue, sessions } = await rangeSessions(db, range, scope);
  const live = sessions.filter((s) => !s.cancelledAt);
  const filters = await rangeFilters(db, venue.id);
  return {
    venue_name: venue.name,
    sessions: sessions.map((s) => ({
      id: s.id,
      activity_name: s.activityName,
      location_name: s.locationName,
      starts_at: s.startsAt.toISOString(),
      label: s.label,
      booked_count: s.bookedCount,
      bookings: s.cancelledAt ? 0 : s.bookings,
      paid: toMoney(s.cancelledAt ? 0 : s.paid),
      already_cancelled: s.cancelledAt !== null,
    })),
    to_cancel: live.length,
    already_cancelled: sessions.length - live.length,
    bookings: live.reduce((n, s) => n + s.bookings, 0),
    paid: toMoney(live.reduce((n, s) => n + s.paid, 0)),
    ...filters,
  };
}

/** The venue's live activities and the locations its coming sessions use (the range's filters). */
async function rangeFilters(db: Db, venueId: number) {
  const acts = await db
    .select({ id: activities.id, name: activities.name })
    .from(activities)
    .where(and(eq(activities.venueId, venueId), isNull(activities.archivedAt)))
    .orderBy(asc(activities.name), asc(activities.id));
  const locations = await db
    .selectDistinct({ name: activitySessions.locationName })
    .from(activitySessions)
    .where(eq(activitySessions.venueId, venueId))
    .orderBy(asc(activitySessions.locationName));
  return { activities: acts, locations: locations.map((l) => l.name) };
}

export type CancelRangeInput = Omit<CancelSessionInput, 'sessionId'> & { range: SessionRange };

/**
 * Cancels the range's sessions (issue 35, item 1; decision 075): each through the single-session cancel, in its own
 * transaction under its row lock, so a failure on one undoes none of the others and a repeat finds the cancelled
 * ones cancelled and changes nothing. At most `RANGE_CANCEL_BATCH` a request (a long range at a busy venue would
 * outlast a request): the reply says how many remain and the console asks again until none do.
 */
export async function cancelSessionRange(db: Db, input: CancelRangeInput) {
  const { sessions } = await rangeSessions(db, input.range, input);
  const already = sessions.filter((s) => s.cancelledAt);
  const todo = sessions.filter((s) => !s.cancelledAt);
  const batch = todo.slice(0, RANGE_CANCEL_BATCH);
  const cancelled = [];
  const alreadyCancelled = already.map((s) => ({ session_id: s.id, label: s.label }));
  const failed = [];
  for (const session of batch) {
    try {
      const done = await cancelSession(db, { ...input, sessionId: session.id });
      cancelled.push({
        session_id: session.id,
        label: session.label,
        bookings_cancelled: done.bookings_cancelled,
        refunded: toMoney(done.refunds.reduce((n, r) => n + r.amount.raw, 0)),
        mails_queued: done.mails_queued,
      });
    } catch (error) {
      // Cancelled meanwhile (another member of staff, a repeated request): nothing more to do.
      if (error instanceof HttpError && error.statusCode === 409)
        alreadyCancelled.push({ session_id: session.id, label: session.label });
      else
        failed.push({
          session_id: session.id,
          label: session.label,
          message:
            error instanceof HttpError ? error.message : 'This session could not be cancelled. Try again.',
        });
    }
  }
  return {
    cancelled,
    already_cancelled: alreadyCancelled,
    failed,
    remaining: todo.length - batch.length,
  };
}
