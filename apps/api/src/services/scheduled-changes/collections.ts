import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  directDebitMandates,
  directDebitPayments,
  freezeRequests,
  freezeTypes,
  memberships,
  membershipTypes,
  paymentOptions,
  venues,
} from '../../db/schema.ts';
import { addDays, compareDates, formatIso, parseLocalDate } from '../../lib/local-date.ts';
import { collectMembershipPayment } from '../direct-debit/index.ts';
import { lastFrozenDay } from '../memberships/index.ts';
import { type ScheduledChangeDeps, venueZones } from './run.ts';

/**
 * How many days before a payment date its collection is asked for. Bacs needs about three working days between the
 * request and the day the money leaves the member's account (GoCardless rolls a date that is too soon forward to its
 * next possible charge date); a week covers weekends and bank holidays, and a run missed while no process was up is
 * caught up by the next one still in time.
 */
export const COLLECTION_LEAD_DAYS = 7;

/**
 * Monthly memberships' direct-debit payments are asked for (decision 040): each membership paid by an active (or
 * still being set up) mandate whose next payment date is within COLLECTION_LEAD_DAYS of the venue's today, and not
 * yet asked for, gets one collection on that date through the direct-debit provider: the membership's monthly price,
 * or the freeze type's monthly fee when an approved freeze covers the date (as the freeze quote showed the member).
 * The provider's idempotency key is the membership and the date, so asking twice (two runs, a retry after a crash
 * between the provider's answer and our row) makes one payment; a membership with a payment on or after the date is
 * not asked again. Each collection is its own call: one failing (logged with the membership) does not stop the rest.
 * The provider's webhooks then confirm it or report it failed (services/direct-debit/webhooks.ts).
 */
export async function collectDuePayments(deps: ScheduledChangeDeps) {
  if (!deps.directDebit) return { asked: 0, failed: 0 };
  const now = deps.now();
  let asked = 0;
  let failed = 0;
  for (const zone of await venueZones(deps.db, now)) {
    const today = formatIso(zone.today);
    const until = formatIso(addDays(zone.today, COLLECTION_LEAD_DAYS));
    const due = await deps.db
      .select({
        id: memberships.id,
        nextPaymentDate: memberships.nextPaymentDate,
        price: memberships.price,
        typeName: membershipTypes.name,
      })
      .from(memberships)
      .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
      .innerJoin(directDebitMandates, eq(directDebitMandates.id, memberships.mandateId))
      .where(
        and(
          eq(venues.timeZone, zone.stored),
          eq(paymentOptions.paymentType, 'recurring'),
          inArray(memberships.status, ['pending', 'active', 'frozen', 'cancelled']),
          eq(memberships.awaitingPayment, false),
          gte(memberships.nextPaymentDate, today),
          lte(memberships.nextPaymentDate, until),
          inArray(directDebitMandates.status, ['pending_submission', 'active']),
          sql`not exists (select 1 from ${directDebitPayments} where ${directDebitPayments.membershipId} = ${memberships.id} and ${directDebitPayments.chargeDate} >= ${memberships.nextPaymentDate})`,
        ),
      )
      .orderBy(memberships.id);
    for (const row of due) {
      const chargeDate = row.nextPaymentDate!;
      const freezeFee = await freezeFeeOn(deps, row.id, chargeDate);
      const amount = freezeFee ?? row.price;
      if (amount <= 0) continue;
      try {
        await collectMembershipPayment(
          { db: deps.db, directDebit: deps.directDebit },
          {
            membershipId: row.id,
            amount,
            chargeDate,
            description:
              freezeFee === null ? `${row.typeName} monthly payment` : `${row.typeName} freeze fee`,
          },
        );
        asked++;
      } catch (err) {
        failed++;
        deps.log.error(
          { err, membershipId: row.id, chargeDate, amount },
          'Scheduled change: could not ask for a direct-debit collection (tried again on the next run)',
        );
      }
    }
  }
  deps.log.info({ asked, failed }, 'Scheduled change: direct-debit collections');
  return { asked, failed };
}

/** The monthly fee of an approved freeze covering the date (active_from to active_from + months − 1 day), if any. */
async function freezeFeeOn(deps: ScheduledChangeDeps, membershipId: number, date: string) {
  const approved = await deps.db
    .select({
      activeFrom: freezeRequests.activeFrom,
      months: freezeRequests.months,
      fee: freezeTypes.monthlyFee,
    })
    .from(freezeRequests)
    .innerJoin(freezeTypes, eq(freezeTypes.id, freezeRequests.freezeTypeId))
    .where(and(eq(freezeRequests.membershipId, membershipId), eq(freezeRequests.status, 'approved')));
  const day = parseLocalDate(date)!;
  for (const freeze of approved) {
    const from = parseLocalDate(freeze.activeFrom)!;
    const endsOn = lastFrozenDay(from, freeze.months);
    if (compareDates(day, from) >= 0 && compareDates(day, endsOn) <= 0) return freeze.fee;
  }
  return null;
}
