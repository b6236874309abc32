import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberships, membershipTypes, venues } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { formatIso } from '../../lib/local-date.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps, venueZones } from './run.ts';

const successor = alias(memberships, 'successor');

/**
 * Membership changes (and renewals, and joins that start later) take effect on their start date, venue-local:
 * - a membership replaced by a change ends: from the new one's start date it is 'expired', status_info
 *   'Changed to {new type}' (it showed 'Changing to {new type} on {date}' until then; its expires_at, the day
 *   before, and its cleared next payment date were set when the change was made: memberships/endReplacedMembership);
 * - a paid membership waiting for its start date ('pending', not awaiting payment) becomes 'active'.
 * Only rows still in the state before are changed, so a second run changes nothing.
 */
export async function startMemberships(deps: ScheduledChangeDeps) {
  const now = deps.now();
  let ended = 0;
  let started = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    ended += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({ id: memberships.id, newName: membershipTypes.name })
        .from(memberships)
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .innerJoin(successor, eq(successor.replacesMembershipId, memberships.id))
        .innerJoin(membershipTypes, eq(membershipTypes.id, successor.membershipTypeId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
            eq(successor.awaitingPayment, false),
            inArray(successor.status, ['pending', 'active']),
            lte(successor.startDate, today),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH_SIZE)
        .for('update', { of: memberships, skipLocked: true });
      for (const row of due)
        await tx
          .update(memberships)
          .set({ status: 'expired', nextPaymentDate: null })
          .where(and(eq(memberships.id, row.id), inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES])));
      return due.length;
    });
    started += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(memberships.status, 'pending'),
            eq(memberships.awaitingPayment, false),
            lte(memberships.startDate, today),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH_SIZE)
        .for('update', { of: memberships, skipLocked: true });
      if (!due.length) return 0;
      const rows = await tx
        .update(memberships)
        .set({ status: 'active' })
        .where(
          and(
            inArray(
              memberships.id,
              due.map((d) => d.id),
            ),
            eq(memberships.status, 'pending'),
            eq(memberships.awaitingPayment, false),
            sql`${memberships.startDate} <= ${today}`,
          ),
        )
        .returning({ id: memberships.id });
      return rows.length;
    });
  }
  deps.log.info({ ended, started }, 'Scheduled change: membership start dates');
  return { ended, started };
}
