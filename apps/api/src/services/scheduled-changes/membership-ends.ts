import { and, eq, inArray, isNotNull, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { memberships, venues } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { formatIso } from '../../lib/local-date.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps, venueZones } from './run.ts';

const successor = alias(memberships, 'successor');

/**
 * Memberships end after their final day (expires_at, venue-local):
 * - a cancelled membership (status 'cancelled' from the moment it was cancelled, with expires_at its final day and
 *   next_payment_date its final payment: memberships/cancellation.ts) collects nothing after its final day: its
 *   next payment date is cleared;
 * - a live membership whose final day has passed (a single-payment membership at the end of its term, whether or
 *   not it was renewed) becomes 'expired', with no next payment date. One replaced by a change is left to the
 *   membership start (it becomes 'expired' with 'Changed to …' on the new one's start date).
 * Only rows still in the state before are changed, so a second run changes nothing.
 */
export async function endMemberships(deps: ScheduledChangeDeps) {
  const now = deps.now();
  let cancelled = 0;
  let expired = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    cancelled += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(memberships.status, 'cancelled'),
            lt(memberships.expiresAt, today),
            isNotNull(memberships.nextPaymentDate),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH_SIZE)
        .for('update', { of: memberships, skipLocked: true });
      if (!due.length) return 0;
      await tx
        .update(memberships)
        .set({ nextPaymentDate: null })
        .where(
          inArray(
            memberships.id,
            due.map((d) => d.id),
          ),
        );
      return due.length;
    });
    expired += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
            eq(memberships.awaitingPayment, false),
            lt(memberships.expiresAt, today),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(successor)
                .where(
                  and(
                    eq(successor.replacesMembershipId, memberships.id),
                    eq(successor.awaitingPayment, false),
                  ),
                ),
            ),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH_SIZE)
        .for('update', { of: memberships, skipLocked: true });
      if (!due.length) return 0;
      await tx
        .update(memberships)
        .set({ status: 'expired', nextPaymentDate: null })
        .where(
          and(
            inArray(
              memberships.id,
              due.map((d) => d.id),
            ),
            inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
          ),
        );
      return due.length;
    });
  }
  deps.log.info({ cancelled, expired }, 'Scheduled change: membership final days');
  return { cancelled, expired };
}
