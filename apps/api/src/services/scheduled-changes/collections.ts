import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
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
import { collectMembershipPayments, type DueCollection } from '../direct-debit/index.ts';
import { lastFrozenDay } from '../memberships/index.ts';
import { type ScheduledChangeDeps, venueZones } from './run.ts';

/**
 * How many days before a payment date its collection is asked for. Bacs needs about three working days between the
 * request and the day the money leaves the member's account (GoCardless rolls a date that is too soon forward to its
 * next possible charge date); a week covers weekends and bank holidays, and a run missed while no process was up is
 * caught up by the next one still in time.
 */
export const COLLECTION_LEAD_DAYS = 7;

/** Due collections read, asked of the provider and recorded per batch (keyset by next payment date and id). */
export const COLLECTION_BATCH_SIZE = 500;

/**
 * Monthly memberships' direct-debit payments are asked for (decision 040): each membership paid by an active (or
 * still being set up) mandate whose next payment date is within COLLECTION_LEAD_DAYS of the venue's today, and not
 * yet asked for, gets one collection on that date through the direct-debit provider: the membership's monthly price,
 * or the freeze type's monthly fee when an approved freeze covers the date (as the freeze quote showed the member).
 * The provider's idempotency key is the membership and the date, so asking twice (two runs, a retry after a crash
 * between the provider's answer and our row) makes one payment; a membership with a payment on or after the date is
 * not asked again.
 *
 * Set-based in batches (decision 060): one statement reads a batch of COLLECTION_BATCH_SIZE due memberships across
 * every venue time zone (through memberships_next_payment_idx), one reads the batch's approved freezes, the provider
 * is asked for the batch a few at a time, and one statement records what it accepted. One collection failing
 * (logged with the membership) does not stop the rest; it is asked again on the next run. The provider's webhooks
 * then confirm each or report it failed (services/direct-debit/webhooks.ts).
 */
export async function collectDuePayments(
  deps: ScheduledChangeDeps,
  { batchSize = COLLECTION_BATCH_SIZE }: { batchSize?: number } = {},
) {
  if (!deps.directDebit) return { asked: 0, failed: 0 };
  const now = deps.now();
  const zones = await venueZones(deps.db, now);
  const inWindow = or(
    ...zones.map((zone) =>
      and(
        eq(venues.timeZone, zone.stored),
        gte(memberships.nextPaymentDate, formatIso(zone.today)),
        lte(memberships.nextPaymentDate, formatIso(addDays(zone.today, COLLECTION_LEAD_DAYS))),
      ),
    ),
  );
  let asked = 0;
  let failed = 0;
  // Keyset (next payment date, membership id) through memberships_next_payment_idx: each batch reads its own rows.
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const from = after as { date: string; id: number } | null;
    const due = await deps.db
      .select({
        id: memberships.id,
        nextPaymentDate: memberships.nextPaymentDate,
        price: memberships.price,
        typeName: membershipTypes.name,
        mandateId: directDebitMandates.id,
        reference: directDebitMandates.reference,
        providerMandateId: directDebitMandates.providerMandateId,
      })
      .from(memberships)
      .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
      .innerJoin(directDebitMandates, eq(directDebitMandates.id, memberships.mandateId))
      .where(
        and(
          from
            ? sql`(${memberships.nextPaymentDate}, ${memberships.id}) > (${from.date}::date, ${from.id})`
            : undefined,
          inWindow,
          eq(paymentOptions.paymentType, 'recurring'),
          inArray(memberships.status, ['pending', 'active', 'frozen', 'cancelled']),
          eq(memberships.awaitingPayment, false),
          inArray(directDebitMandates.status, ['pending_submission', 'active']),
          sql`not exists (select 1 from ${directDebitPayments} where ${directDebitPayments.membershipId} = ${memberships.id} and ${directDebitPayments.chargeDate} >= ${memberships.nextPaymentDate})`,
        ),
      )
      .orderBy(asc(memberships.nextPaymentDate), asc(memberships.id))
      .limit(batchSize);
    if (!due.length) break;
    const last = due.at(-1)!;
    after = { date: last.nextPaymentDate!, id: last.id };
    const fees = await freezeFeesOn(
      deps,
      due.map((row) => ({ membershipId: row.id, date: row.nextPaymentDate! })),
    );
    const batch: DueCollection[] = due.flatMap((row) => {
      const freezeFee = fees.get(row.id) ?? null;
      const amount = freezeFee ?? row.price;
      if (amount <= 0) return [];
      return [
        {
          membershipId: row.id,
          mandate: { id: row.mandateId, reference: row.reference, providerMandateId: row.providerMandateId },
          amount,
          chargeDate: row.nextPaymentDate!,
          description: freezeFee === null ? `${row.typeName} monthly payment` : `${row.typeName} freeze fee`,
        },
      ];
    });
    for (const { item, outcome } of await collectMembershipPayments(
      { db: deps.db, directDebit: deps.directDebit },
      batch,
    )) {
      if (outcome.ok) {
        asked++;
        continue;
      }
      failed++;
      deps.log.error(
        {
          err: outcome.error,
          membershipId: item.membershipId,
          chargeDate: item.chargeDate,
          amount: item.amount,
        },
        'Scheduled change: could not ask for a direct-debit collection (tried again on the next run)',
      );
    }
    if (due.length < batchSize) break;
  }
  deps.log.info({ asked, failed }, 'Scheduled change: direct-debit collections');
  return { asked, failed };
}

/**
 * For each membership, the monthly fee of an approved freeze covering its date (active_from to active_from +
 * months − 1 day), if any: one query for the whole batch.
 */
async function freezeFeesOn(deps: ScheduledChangeDeps, wanted: { membershipId: number; date: string }[]) {
  const fees = new Map<number, number>();
  if (!wanted.length) return fees;
  const approved = await deps.db
    .select({
      membershipId: freezeRequests.membershipId,
      activeFrom: freezeRequests.activeFrom,
      months: freezeRequests.months,
      fee: freezeTypes.monthlyFee,
    })
    .from(freezeRequests)
    .innerJoin(freezeTypes, eq(freezeTypes.id, freezeRequests.freezeTypeId))
    .where(
      and(
        inArray(
          freezeRequests.membershipId,
          wanted.map((w) => w.membershipId),
        ),
        eq(freezeRequests.status, 'approved'),
      ),
    );
  const dateOf = new Map(wanted.map((w) => [w.membershipId, parseLocalDate(w.date)!]));
  for (const freeze of approved) {
    const day = dateOf.get(freeze.membershipId)!;
    const from = parseLocalDate(freeze.activeFrom)!;
    const endsOn = lastFrozenDay(from, freeze.months);
    if (!fees.has(freeze.membershipId) && compareDates(day, from) >= 0 && compareDates(day, endsOn) <= 0)
      fees.set(freeze.membershipId, freeze.fee);
  }
  return fees;
}
