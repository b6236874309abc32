import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activitySessions, bookings, clients, venues } from '../../db/schema.ts';

/**
 * The operator's attendance rule: bookings nobody marked in the register become unattended once their session
 * ended `unmarked_unattended_after_hours` ago (a client with null keeps them unmarked). One UPDATE per client, so
 * it is idempotent (only rows still unmarked change) and safe with several processes at once (a row is written
 * by whichever statement reaches it first; the other finds it marked). Marks made at the desk are never touched.
 * Returns how many bookings it marked, per client.
 */
export async function markUnmarkedUnattended(db: Db, now: Date) {
  const rules = await db
    .select({ id: clients.id, hours: clients.unmarkedUnattendedAfterHours })
    .from(clients)
    .where(isNotNull(clients.unmarkedUnattendedAfterHours));
  const marked = new Map<number, number>();
  for (const rule of rules) {
    const endedBefore = new Date(now.getTime() - rule.hours! * 3_600_000);
    const sessions = db
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .innerJoin(venues, eq(venues.id, activitySessions.venueId))
      .where(and(eq(venues.clientId, rule.id), lte(activitySessions.endsAt, endedBefore)));
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
    marked.set(rule.id, rows.length);
  }
  return marked;
}
