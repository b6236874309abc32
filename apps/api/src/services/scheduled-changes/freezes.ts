import { and, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { freezeRequests, memberships, venues } from '../../db/schema.ts';
import { formatIso } from '../../lib/local-date.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps, venueZones } from './run.ts';

/** The last frozen day: active_from + months − 1 day (as the member was shown: memberships/freeze.ts). */
/** A freeze's last frozen day in SQL: `lastFrozenDay` (memberships/status-info.ts); PostgreSQL's month arithmetic
 * clamps to the month's end as `addMonths` does (31 January + 1 month = 28 February). */
const endsOn = sql<string>`((${freezeRequests.activeFrom} + make_interval(months => ${freezeRequests.months}))::date - 1)`;

/**
 * Approved freezes start and end on their dates (venue-local). Only `approved` requests act: one still
 * `pending_approval` (or `rejected`) never freezes the membership.
 * - Start: on active_from up to its last day, an active membership becomes 'frozen' (shown 'Frozen until
 *   {last day}': memberships/status-info.ts) and the request records started_at. A membership that is not active then (cancelled, ended) is
 *   left as it is.
 * - End: from the day after its last day, a started request records ended_at and its membership, if still
 *   frozen, is 'active' again.
 * started_at / ended_at make each step happen once per request: a second run, or a membership staff unfroze by
 * hand, is not frozen again.
 */
export async function applyFreezes(deps: ScheduledChangeDeps) {
  const now = deps.now();
  let started = 0;
  let ended = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    started += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({
          id: freezeRequests.id,
          membershipId: memberships.id,
          lastDay: sql<string>`${endsOn}::text`,
        })
        .from(freezeRequests)
        .innerJoin(memberships, eq(memberships.id, freezeRequests.membershipId))
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(freezeRequests.status, 'approved'),
            isNull(freezeRequests.startedAt),
            lte(freezeRequests.activeFrom, today),
            sql`${endsOn} >= ${today}::date`,
            eq(memberships.status, 'active'),
          ),
        )
        .orderBy(freezeRequests.id)
        .limit(BATCH_SIZE)
        .for('update', { of: [freezeRequests, memberships], skipLocked: true });
      for (const row of due) {
        await tx
          .update(memberships)
          .set({ status: 'frozen' })
          .where(and(eq(memberships.id, row.membershipId), eq(memberships.status, 'active')));
        await tx.update(freezeRequests).set({ startedAt: now }).where(eq(freezeRequests.id, row.id));
      }
      return due.length;
    });
    ended += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({ id: freezeRequests.id, membershipId: freezeRequests.membershipId })
        .from(freezeRequests)
        .innerJoin(memberships, eq(memberships.id, freezeRequests.membershipId))
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(freezeRequests.status, 'approved'),
            isNotNull(freezeRequests.startedAt),
            isNull(freezeRequests.endedAt),
            lt(endsOn, sql`${today}::date`),
          ),
        )
        .orderBy(freezeRequests.id)
        .limit(BATCH_SIZE)
        .for('update', { of: [freezeRequests, memberships], skipLocked: true });
      for (const row of due) {
        await tx
          .update(memberships)
          .set({ status: 'active' })
          .where(and(eq(memberships.id, row.membershipId), eq(memberships.status, 'frozen')));
        await tx.update(freezeRequests).set({ endedAt: now }).where(eq(freezeRequests.id, row.id));
      }
      return due.length;
    });
  }
  deps.log.info({ started, ended }, 'Scheduled change: freezes');
  return { started, ended };
}
