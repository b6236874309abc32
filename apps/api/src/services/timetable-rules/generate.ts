import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  clients,
  orderItems,
  timetableConflicts,
  timetableExceptions,
  timetableRules,
  venues,
} from '../../db/schema.ts';
import { formatIso, localDateOf } from '../../lib/local-date.ts';
import { describeConflict } from './describe.ts';
import { planSessions } from './planner.ts';
import type { ConflictReason, ExistingSession, SessionPlan, TimetableConflict } from './types.ts';

export type GenerateSessionsInput = {
  clientId: number;
  /** The moment generation runs for (the venue's today and what has started follow from it). */
  now: Date;
  /** Only this venue (of the client); default every venue of the client, archived ones too. */
  venueId?: number;
};

export type GenerationResult = {
  /**
   * Sessions inserted, changed (time, activity, capacity, price, location; or back on sale), deleted, and taken off
   * sale (no live booking, but bookings or order lines on record keep the row).
   */
  created: number;
  updated: number;
  removed: number;
  cancelled: number;
  /** Booked sessions kept as they are although the timetable would change them (`describeConflict`). */
  conflicts: TimetableConflict[];
};

const INSERT_CHUNK = 500;

/** Why the timetable took a session off sale, as the session page and staff read it. */
const TIMETABLE_CANCELLATION: Record<ConflictReason, string> = {
  rule_changed: 'The timetable changed.',
  rule_archived: 'This class was taken off the timetable.',
  rule_dates: 'This class no longer runs on this date.',
  closed: 'The venue is closed that day.',
  cancelled: 'This session is cancelled.',
  changed: 'The timetable changed.',
  extra_removed: 'This session was taken off the timetable.',
  activity_archived: 'This activity is no longer offered.',
  venue_archived: 'This venue is no longer open.',
};

/** Whether the session was generated (hand-made sessions have neither and are never touched here). */
const generated = or(isNotNull(activitySessions.ruleId), isNotNull(activitySessions.exceptionId));

/**
 * Brings the client's generated sessions in line with its venues' weekly timetables for the client's horizon
 * (clients.timetable_horizon_weeks), in the caller's transaction: creates what is missing, updates what changed,
 * deletes what the timetable no longer wants (takes it off sale instead when only cancelled bookings or order lines
 * refer to it, and back on sale when the timetable wants it again), and keeps any booked session it would move or
 * remove, reporting it
 * (also written to timetable_conflicts, where rows of sessions no longer in conflict are deleted).
 *
 * Safe beside bookings and other runs: one venue at a time under a transaction-scoped advisory lock; the venue is
 * planned from an unlocked read, and only the sessions the plan would change or remove are then locked FOR UPDATE
 * in id order (the order checkout locks sessions in) and their bookings counted again; inserts skip a (rule, date)
 * or exception that already has a session. Idempotent: a second run with nothing changed creates, updates and
 * removes nothing, and locks no session. The job runs each venue in a transaction of its own
 * (`generateSessionsByVenue`), so no lock is held across the operator.
 */
export async function generateSessions(tx: Tx, input: GenerateSessionsInput): Promise<GenerationResult> {
  const [client] = await tx
    .select({ horizonWeeks: clients.timetableHorizonWeeks })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  if (!client) throw new Error(`generateSessions: no client ${input.clientId}`);
  const venueRows = await tx
    .select({ id: venues.id, timeZone: venues.timeZone, archivedAt: venues.archivedAt })
    .from(venues)
    .where(
      and(
        eq(venues.clientId, input.clientId),
        input.venueId === undefined ? undefined : eq(venues.id, input.venueId),
      ),
    )
    .orderBy(asc(venues.id));
  const result: GenerationResult = { created: 0, updated: 0, removed: 0, cancelled: 0, conflicts: [] };
  for (const venue of venueRows) {
    const one = await generateForVenue(tx, {
      venue: { id: venue.id, timeZone: venue.timeZone, archived: venue.archivedAt !== null },
      now: input.now,
      horizonWeeks: client.horizonWeeks,
    });
    addTo(result, one);
  }
  return result;
}

/**
 * `generateSessions` for the scheduled job and start-up: each venue of the client in a transaction of its own, so
 * a run over hundreds of venues never holds one venue's locks while it works on the next.
 */
export async function generateSessionsByVenue(db: Db, input: Omit<GenerateSessionsInput, 'venueId'>) {
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.clientId, input.clientId))
    .orderBy(asc(venues.id));
  const result: GenerationResult = { created: 0, updated: 0, removed: 0, cancelled: 0, conflicts: [] };
  for (const venue of rows) {
    const one = await db.transaction((tx) => generateSessions(tx, { ...input, venueId: venue.id }));
    addTo(result, one);
  }
  return result;
}

/** Adds one venue's counts and conflicts to the run's. */
function addTo(result: GenerationResult, one: GenerationResult) {
  result.created += one.created;
  result.updated += one.updated;
  result.removed += one.removed;
  result.cancelled += one.cancelled;
  result.conflicts.push(...one.conflicts);
}

type VenueRun = {
  venue: { id: number; timeZone: string; archived: boolean };
  now: Date;
  horizonWeeks: number;
};

async function generateForVenue(tx: Tx, run: VenueRun): Promise<GenerationResult> {
  const { venue, now } = run;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('timetable-rules.generate'), ${venue.id})`);
  const today = formatIso(localDateOf(now, venue.timeZone));

  const activityRows = await tx.select().from(activities).where(eq(activities.venueId, venue.id));
  const ruleRows = await tx.select().from(timetableRules).where(eq(timetableRules.venueId, venue.id));
  const exceptionRows = await tx
    .select()
    .from(timetableExceptions)
    .where(eq(timetableExceptions.venueId, venue.id));
  const planFor = (existing: ExistingSession[]) =>
    planSessions({
      venue,
      now,
      horizonWeeks: run.horizonWeeks,
      activities: activityRows.map((a) => ({ ...a, archived: a.archivedAt !== null })),
      rules: ruleRows.map((r) => ({ ...r, archived: r.archivedAt !== null })),
      exceptions: exceptionRows.map((e) => ({ ...e, archived: e.archivedAt !== null })),
      existing,
    });

  // Planned first without locks: an unchanged timetable (the nightly run, every start-up) locks no session.
  const seen = await readGeneratedSessions(tx, venue.id, now, today);
  let plan = planFor(seen);
  const touched = new Set([
    ...plan.update.map((u) => u.sessionId),
    ...plan.remove.map((r) => r.sessionId),
    ...plan.cancel.map((c) => c.sessionId),
    ...plan.restore,
  ]);
  if (touched.size) {
    // Only the sessions the plan changes are locked (id order, as checkout locks them), and their bookings read
    // again under the lock: a place booked since the first read turns the change into a conflict.
    const locked = new Map(
      (await readGeneratedSessions(tx, venue.id, now, today, [...touched])).map((s) => [s.id, s] as const),
    );
    // A touched session that is gone by now (none should be: runs of a venue wait for each other) drops out.
    const current = seen.flatMap((s) =>
      touched.has(s.id) ? [locked.get(s.id)].filter((l) => l !== undefined) : [s],
    );
    plan = planFor(current);
    plan.update = plan.update.filter((u) => locked.has(u.sessionId));
    plan.remove = plan.remove.filter((r) => locked.has(r.sessionId));
    plan.cancel = plan.cancel.filter((c) => locked.has(c.sessionId));
    plan.restore = plan.restore.filter((id) => locked.has(id));
  }
  const counts = await applyPlan(tx, plan, now);
  await recordConflicts(tx, venue.id, plan.conflicts, now);
  return { ...counts, conflicts: plan.conflicts };
}

/**
 * The venue's generated sessions the plan needs: those not yet started, today's that have (their (rule, date) is
 * taken), and every extra session (its exception is taken), with what their own bookings hold. With `lockIds`, only
 * those sessions, locked FOR UPDATE in id order.
 *
 * The bookings and order lines are read by the sessions' ids (`= any(...)`, through bookings_session_idx and
 * order_items_session_idx) in two statements of their own: as subqueries in the session read, PostgreSQL chose to
 * hash every booking and order line of the operator once per venue when it expected many sessions (0.67 s a venue
 * at 10k members in the scale bench), a cost that grew with the members rather than the sessions.
 *
 * Without `lockIds` (the first, unlocked read, which only finds what the plan would change) they are not read at
 * all: a session's own `booked_count` stands for its places and any places booked for its history. That plan
 * touches a session whatever its bookings hold (a session no longer wanted is removed, taken off sale or a conflict;
 * one that changes is updated or a conflict), and every session it touches is read again under its lock with its
 * bookings and order lines before anything is written, so the facts decide what is done. An unchanged timetable
 * then reads only its sessions: at a million members the bookings of the next eight weeks were 3.4 million rows a
 * run (11.3 s for 250 venues).
 */
async function readGeneratedSessions(tx: Tx, venueId: number, now: Date, today: string, lockIds?: number[]) {
  const query = tx
    .select()
    .from(activitySessions)
    .where(
      and(
        eq(activitySessions.venueId, venueId),
        generated,
        lockIds ? inArray(activitySessions.id, lockIds) : undefined,
        or(
          gt(activitySessions.startsAt, now),
          gte(activitySessions.localDate, today),
          isNotNull(activitySessions.exceptionId),
        ),
      ),
    )
    .orderBy(asc(activitySessions.id));
  const sessions = lockIds ? await query.for('update') : await query;
  if (!sessions.length) return [];
  if (!lockIds) return sessions.map((s) => existingSession(s, s.bookedCount, s.bookedCount > 0));
  const ids = sessions.map((s) => s.id);
  const held = await tx
    .select({
      sessionId: bookings.activitySessionId,
      places: sql<number>`coalesce(sum(${bookings.places}) filter (where ${bookings.status} = 'booked'), 0)::int`,
    })
    .from(bookings)
    .where(inArray(bookings.activitySessionId, ids))
    .groupBy(bookings.activitySessionId);
  const ordered = await tx
    .selectDistinct({ sessionId: orderItems.activitySessionId })
    .from(orderItems)
    .where(inArray(orderItems.activitySessionId, ids));
  const places = new Map(held.map((h) => [h.sessionId, Number(h.places)]));
  const withOrders = new Set(ordered.map((o) => o.sessionId));
  return sessions.map((s) =>
    existingSession(
      s,
      Math.max(s.bookedCount, places.get(s.id) ?? 0),
      places.has(s.id) || withOrders.has(s.id),
    ),
  );
}

function existingSession(
  s: typeof activitySessions.$inferSelect,
  bookedCount: number,
  hasHistory: boolean,
): ExistingSession {
  return {
    id: s.id,
    ruleId: s.ruleId,
    exceptionId: s.exceptionId,
    localDate: s.localDate,
    activityId: s.activityId,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    capacity: s.capacity,
    price: s.price,
    locationName: s.locationName,
    bookedCount,
    hasHistory,
    cancelledBy: s.cancelledBy,
    changedByStaff: s.changedByStaffAt !== null,
  };
}

async function applyPlan(tx: Tx, plan: SessionPlan, now: Date) {
  let created = 0;
  for (let i = 0; i < plan.create.length; i += INSERT_CHUNK) {
    // ON CONFLICT DO NOTHING: a (rule, date) or exception that got its session meanwhile keeps that one.
    const inserted = await tx
      .insert(activitySessions)
      .values(plan.create.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ id: activitySessions.id });
    created += inserted.length;
  }
  let updated = 0;
  for (const { sessionId, set } of plan.update) {
    // The rows are locked; the capacity check constraint still refuses fewer places than are booked.
    const rows = await tx
      .update(activitySessions)
      .set(set)
      .where(and(eq(activitySessions.id, sessionId), generated))
      .returning({ id: activitySessions.id });
    updated += rows.length;
  }
  let removed = 0;
  if (plan.remove.length) {
    const ids = plan.remove.map((r) => r.sessionId);
    const rows = await tx
      .delete(activitySessions)
      .where(
        and(
          inArray(activitySessions.id, ids),
          generated,
          eq(activitySessions.bookedCount, 0),
          sql`not exists (select 1 from bookings b where b.activity_session_id = ${activitySessions.id})`,
          sql`not exists (select 1 from order_items oi where oi.activity_session_id = ${activitySessions.id})`,
        ),
      )
      .returning({ id: activitySessions.id });
    removed = rows.length;
  }
  let cancelled = 0;
  for (const { sessionId, reason } of plan.cancel) {
    // Locked and re-read: no live booking holds it (a place booked meanwhile made it a conflict instead).
    const rows = await tx
      .update(activitySessions)
      .set({ cancelledAt: now, cancelledBy: 'timetable', cancellationReason: TIMETABLE_CANCELLATION[reason] })
      .where(
        and(
          eq(activitySessions.id, sessionId),
          generated,
          isNull(activitySessions.cancelledAt),
          eq(activitySessions.bookedCount, 0),
        ),
      )
      .returning({ id: activitySessions.id });
    cancelled += rows.length;
  }
  if (plan.restore.length) {
    const rows = await tx
      .update(activitySessions)
      .set({ cancelledAt: null, cancelledBy: null, cancellationReason: null })
      .where(and(inArray(activitySessions.id, plan.restore), eq(activitySessions.cancelledBy, 'timetable')))
      .returning({ id: activitySessions.id });
    // A restored session that also changed is one update, not two.
    const changed = new Set(plan.update.map((u) => u.sessionId));
    updated += rows.filter((r) => !changed.has(r.id)).length;
  }
  return { created, updated, removed, cancelled };
}

/** Writes the venue's conflicts (one row per session) and deletes the rows of sessions no longer in conflict. */
async function recordConflicts(tx: Tx, venueId: number, conflicts: TimetableConflict[], now: Date) {
  const ids = conflicts.map((c) => c.sessionId);
  await tx
    .delete(timetableConflicts)
    .where(
      and(
        eq(timetableConflicts.venueId, venueId),
        ids.length ? notInArray(timetableConflicts.activitySessionId, ids) : undefined,
      ),
    );
  if (!conflicts.length) return;
  await tx
    .insert(timetableConflicts)
    .values(
      conflicts.map((c) => ({
        activitySessionId: c.sessionId,
        venueId,
        kind: c.kind,
        reason: c.reason,
        wantedStartsAt: c.wantedStartsAt,
        wantedCapacity: c.wantedCapacity,
        bookedCount: c.bookedCount,
        description: describeConflict(c),
        firstSeenAt: now,
        lastSeenAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: timetableConflicts.activitySessionId,
      set: {
        kind: sql`excluded.kind`,
        reason: sql`excluded.reason`,
        wantedStartsAt: sql`excluded.wanted_starts_at`,
        wantedCapacity: sql`excluded.wanted_capacity`,
        bookedCount: sql`excluded.booked_count`,
        description: sql`excluded.description`,
        lastSeenAt: sql`excluded.last_seen_at`,
      },
    });
}
