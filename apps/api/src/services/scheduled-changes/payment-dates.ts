import { and, eq, inArray, lt } from 'drizzle-orm';
import { customers, memberships, paymentOptions, venues } from '../../db/schema.ts';
import { compareDates, formatIso, parseLocalDate } from '../../lib/local-date.ts';
import { nextPaymentOnOrAfter } from '../memberships/index.ts';
import { BATCH_SIZE, inBatches, type ScheduledChangeDeps, venueZones } from './run.ts';

/**
 * Monthly (direct-debit) memberships' next payment dates move on once a payment date has passed (venue-local):
 * next_payment_date becomes the first date of the membership's monthly schedule on or after today (the stored date
 * rolled on a month at a time, the day kept by clamping to the month's end: memberships/nextPaymentOnOrAfter, as
 * the change, freeze and cancel calls count), or null when that is after the membership's final day (a cancelled
 * membership after its final payment). Nothing is collected here: only the date moves. A frozen membership's
 * dates move too (freeze fees are due on them). Each row is changed only while its date is still the passed one,
 * so a second run changes nothing.
 */
export async function advancePaymentDates(deps: ScheduledChangeDeps) {
  const now = deps.now();
  let moved = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    moved += await inBatches(deps.db, async (tx) => {
      const due = await tx
        .select({
          id: memberships.id,
          nextPaymentDate: memberships.nextPaymentDate,
          expiresAt: memberships.expiresAt,
          billingDay: customers.billingDay,
        })
        .from(memberships)
        .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
        .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
        .innerJoin(customers, eq(customers.id, memberships.customerId))
        .where(
          and(
            eq(venues.timeZone, zone.stored),
            eq(paymentOptions.paymentType, 'recurring'),
            inArray(memberships.status, ['pending', 'active', 'frozen', 'cancelled']),
            eq(memberships.awaitingPayment, false),
            lt(memberships.nextPaymentDate, today),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH_SIZE)
        .for('update', { of: memberships, skipLocked: true });
      for (const row of due) {
        const next = nextPaymentOnOrAfter(zone.today, parseLocalDate(row.nextPaymentDate!), row.billingDay);
        const finalDay = row.expiresAt ? parseLocalDate(row.expiresAt) : null;
        const after = finalDay !== null && compareDates(next, finalDay) > 0;
        await tx
          .update(memberships)
          .set({ nextPaymentDate: after ? null : formatIso(next) })
          .where(and(eq(memberships.id, row.id), eq(memberships.nextPaymentDate, row.nextPaymentDate!)));
      }
      return due.length;
    });
  }
  deps.log.info({ moved }, 'Scheduled change: next payment dates');
  return { moved };
}
