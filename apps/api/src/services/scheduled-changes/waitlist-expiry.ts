import { and, eq, inArray, lte } from 'drizzle-orm';
import { activitySessions, waitlistEntries } from '../../db/schema.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps } from './run.ts';

/**
 * Waitlist entries expire when their session starts: a 'waiting' entry of a session that has started is
 * 'expired' (the member's waitlist lists only waiting entries of sessions still to come, and a place freed after
 * the start can no longer be booked). An instant comparison, so clock changes do not matter. Only 'waiting'
 * entries change: a second run changes nothing.
 */
export async function expireWaitlistEntries(deps: ScheduledChangeDeps) {
  const now = deps.now();
  const expired = await inBatches(deps.db, async (tx) => {
    const due = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .innerJoin(activitySessions, eq(activitySessions.id, waitlistEntries.activitySessionId))
      .where(and(eq(waitlistEntries.status, 'waiting'), lte(activitySessions.startsAt, now)))
      .orderBy(waitlistEntries.id)
      .limit(BATCH_SIZE)
      .for('update', { of: waitlistEntries, skipLocked: true });
    if (!due.length) return 0;
    await tx
      .update(waitlistEntries)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          inArray(
            waitlistEntries.id,
            due.map((d) => d.id),
          ),
          eq(waitlistEntries.status, 'waiting'),
        ),
      );
    return due.length;
  });
  deps.log.info({ expired }, 'Scheduled change: waitlist entries');
  return { expired };
}
