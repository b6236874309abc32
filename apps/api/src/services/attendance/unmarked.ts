import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activitySessions, bookings, clients, venues } from '../../db/schema.ts';

/**
 * The operator's attendance rule: bookings nobody marked in the register become unattended once their session
 * ended `unmarked_unattended_after_hours` ago (a client with null keeps them unmarked). One UPDATE per client, so
 * it is idempotent (only rows still unmarked change) and safe with several processes at once (a row is written
 * by whichever statement reaches it first; the other finds it marked). Marks made at the desk are never touched.
 *
 * Each run reads only what changed since the last: the sessions that ended after the client's
 * `attendance_checked_until` (where the last run stopped; through activity_sessions_ends_at_idx) and up to the
 * rule's cut-off, then their bookings (bookings_session_idx), and moves the mark on. The first run reads every
 * ended session once. A run that dies before moving the mark is done again by the next (same result).
 * Returns how many bookings it marked, per client.
 */
export async function markUnmarkedUnattended(db: Db, now: Date) {
  const rules = await db
    .select({
      id: clients.id,
      hours: clients.unmarkedUnattendedAfterHours,
      checkedUntil: clients.attendanceCheckedUntil,
    })
    .from(clients)
    .where(isNotNull(clients.unmarkedUnattendedAfterHours));
  const marked = new Map<number, number>();
  for (const rule of rules) {
    const endedBefore = new Date(now.getTime() - rule.hours! * 3_600_000);
    if (rule.checkedUntil && rule.checkedUntil >= endedBefore) {
      marked.set(rule.id, 0);
      continue;
    }
    const sessions = db
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .innerJoin(venues, eq(venues.id, activitySessions.venueId))
      .where(
        and(
          eq(venues.clientId, rule.id),
          lte(activitySessions.endsAt, endedBefore),
          rule.checkedUntil ? gt(activitySessions.endsAt, rule.checkedUntil) : undefined,
        ),
      );
    const rows = await db
      .update(bookings)
      .set({ attended: false })
      .where(
        and(
          isNull(bookings.attended),
          eq(bookings.status, 'booked'),
          inArray(bookings.activitySessionId, sessions),
        ),
      )
      .returning({ id: bookings.id });
    await db
      .update(clients)
      .set({
        attendanceCheckedUntil: sql`greatest(coalesce(${clients.attendanceCheckedUntil}, ${endedBefore}), ${endedBefore})`,
      })
      .where(eq(clients.id, rule.id));
    marked.set(rule.id, rows.length);
  }
  return marked;
}
