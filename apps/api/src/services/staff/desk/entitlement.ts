import {
  CHECK_IN_BOOKING_EARLY_MINUTES,
  CHECK_IN_REASON_TEXTS,
  type CheckInReason,
  type CheckInReasonCode,
} from '@fieldhouse/contract';
import { and, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  clients,
  eligibilityDocuments,
  freezeRequests,
  memberships,
  membershipTypes,
  membershipTypeVenues,
} from '../../../db/schema.ts';
import {
  compareDates,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../../lib/local-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { venueTime } from '../../../lib/venue-time.ts';
import { documentExpiry, lastFrozenDay } from '../../memberships/index.ts';
import { findUnpaidPenalties } from '../../penalties/index.ts';

/**
 * May this member enter this venue now (issue 36, item 4; decision 071)? The desk asks before staff confirm
 * (`previewCheckIn`) and again when they do (`checkIn`, in its transaction), so a stale screen cannot let anyone in
 * without an override. Read-only.
 */

const MINUTE_MS = 60_000;

/** A membership as the verdict needs it (never one awaiting payment: that is not the member's yet). */
export type EntryMembership = {
  id: number;
  name: string;
  status: string;
  startDate: string;
  expiresAt: string | null;
  /** 'national', or the venues its type lists cover it. */
  coversVenue: boolean;
  /** The last frozen day of an approved freeze that covers today (started or not yet applied by the job). */
  frozenUntil: LocalDate | null;
  /** Its type asks for proof of eligibility and the latest proof's expiry date has passed. */
  documentExpiredOn: LocalDate | null;
};

export type EntryFacts = {
  today: LocalDate;
  venueName: string;
  memberships: EntryMembership[];
  /** A booked session at this venue the member may come in for now. */
  booking: { name: string; startsAt: Date; timeZone: string } | null;
  /** Unpaid fees (pence) when the operator refuses entry on them, else 0. */
  blockingFees: number;
};

export type EntryVerdict = {
  allowed: boolean;
  entry: { kind: 'membership' | 'booking'; description: string } | null;
  reasons: CheckInReason[];
};

const reason = (code: CheckInReasonCode, values: Record<string, string> = {}): CheckInReason => ({
  code,
  text: CHECK_IN_REASON_TEXTS[code].replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ''),
});

/** Why one membership does not let its member in today, in the order a desk would say it (empty: it does). */
export function membershipReasons(m: EntryMembership, today: LocalDate, venueName: string): CheckInReason[] {
  const name = m.name;
  const start = parseLocalDate(m.startDate);
  const expires = m.expiresAt ? parseLocalDate(m.expiresAt) : null;
  const out: CheckInReason[] = [];
  if (m.status === 'suspended') out.push(reason('membership_suspended', { name }));
  else if (start && compareDates(start, today) > 0)
    out.push(reason('membership_not_started', { name, date: prettyDate(start) }));
  // A cancelled membership still lets them in up to its final day (expires_at: memberships/cancellation.ts).
  else if (expires && compareDates(expires, today) < 0)
    out.push(reason('membership_ended', { name, date: prettyDate(expires) }));
  else if (m.status === 'cancelled' && !expires) out.push(reason('membership_cancelled', { name }));
  else if (m.status === 'expired') out.push(reason('membership_expired', { name }));
  if (out.length) return out;
  if (m.frozenUntil) out.push(reason('membership_frozen', { name, date: prettyDate(m.frozenUntil) }));
  if (!m.coversVenue) out.push(reason('membership_other_venue', { name, venue: venueName }));
  if (m.documentExpiredOn)
    out.push(reason('document_expired', { name, date: prettyDate(m.documentExpiredOn) }));
  return out;
}

/**
 * The verdict (pure): a membership that lets them in, else a booked session now or soon, else refused with every
 * membership's reasons (only the latest of those long ended), or 'no membership'. Unpaid fees refuse entry
 * whatever lets them in when the operator blocks on fees.
 */
export function decideEntry(facts: EntryFacts): EntryVerdict {
  const checked = facts.memberships.map((m) => ({
    m,
    reasons: membershipReasons(m, facts.today, facts.venueName),
  }));
  const good = checked.find((c) => !c.reasons.length);
  let entry: EntryVerdict['entry'] = null;
  if (good) entry = { kind: 'membership', description: good.m.name };
  else if (facts.booking)
    entry = {
      kind: 'booking',
      description: `${facts.booking.name} at ${venueTime(facts.booking.startsAt, facts.booking.timeZone)}`,
    };
  const reasons: CheckInReason[] = [];
  if (!entry) {
    if (!checked.length) reasons.push(reason('no_membership'));
    // Memberships that ended say so once (the latest: they come newest first); each live one says why.
    let saidEnded = false;
    for (const c of checked)
      for (const r of c.reasons) {
        if (['membership_ended', 'membership_expired', 'membership_cancelled'].includes(r.code)) {
          if (saidEnded) continue;
          saidEnded = true;
        }
        if (!reasons.some((known) => known.text === r.text)) reasons.push(r);
      }
  }
  if (facts.blockingFees > 0)
    reasons.push(reason('unpaid_fees', { amount: formatMoney(facts.blockingFees) }));
  const allowed = entry !== null && reasons.length === 0;
  return { allowed, entry: allowed ? entry : null, reasons };
}

/** What the verdict is made of, for one customer at one venue now (the venue's today, across clock changes). */
export async function findEntryFacts(
  db: DbOrTx,
  input: {
    clientId: number;
    customerId: number;
    venue: { id: number; name: string; timeZone: string };
    now: Date;
  },
): Promise<EntryFacts> {
  const { venue, now, customerId } = input;
  const today = localDateOf(now, venue.timeZone);
  const earliestStart = new Date(now.getTime() + CHECK_IN_BOOKING_EARLY_MINUTES * MINUTE_MS);
  const [rows, [client], [booking]] = await Promise.all([
    db
      .select({
        id: memberships.id,
        name: membershipTypes.name,
        status: memberships.status,
        startDate: memberships.startDate,
        expiresAt: memberships.expiresAt,
        coverage: membershipTypes.coverage,
        hasCriterion: membershipTypes.eligibilityCriterionId,
      })
      .from(memberships)
      .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
      .where(and(eq(memberships.customerId, customerId), eq(memberships.awaitingPayment, false)))
      .orderBy(desc(memberships.startDate), desc(memberships.id)),
    db
      .select({ blocks: clients.checkInBlocksOnUnpaidFees })
      .from(clients)
      .where(eq(clients.id, input.clientId)),
    // A live booking of a session here that starts within the early minutes or is under way.
    db
      .select({ name: activities.name, startsAt: activitySessions.startsAt })
      .from(bookings)
      .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
      .innerJoin(activities, eq(activities.id, activitySessions.activityId))
      .where(
        and(
          eq(bookings.customerId, customerId),
          inArray(bookings.status, ['booked', 'attended']),
          eq(activitySessions.venueId, venue.id),
          isNull(activitySessions.cancelledAt),
          lte(activitySessions.startsAt, earliestStart),
          gte(activitySessions.endsAt, now),
        ),
      )
      .orderBy(activitySessions.startsAt)
      .limit(1),
  ]);
  const ids = rows.map((r) => r.id);
  const [covered, freezes, documents] = ids.length
    ? await Promise.all([
        db
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(
            membershipTypeVenues,
            eq(membershipTypeVenues.membershipTypeId, memberships.membershipTypeId),
          )
          .where(and(inArray(memberships.id, ids), eq(membershipTypeVenues.venueId, venue.id))),
        db
          .select({
            membershipId: freezeRequests.membershipId,
            activeFrom: freezeRequests.activeFrom,
            months: freezeRequests.months,
          })
          .from(freezeRequests)
          .where(
            and(
              inArray(freezeRequests.membershipId, ids),
              eq(freezeRequests.status, 'approved'),
              isNull(freezeRequests.endedAt),
            ),
          ),
        db
          .select({
            membershipId: eligibilityDocuments.membershipId,
            expiresOn: eligibilityDocuments.expiresOn,
          })
          .from(eligibilityDocuments)
          .where(
            and(
              inArray(eligibilityDocuments.membershipId, ids),
              or(eq(eligibilityDocuments.status, 'approved'), eq(eligibilityDocuments.status, 'pending')),
            ),
          )
          .orderBy(desc(eligibilityDocuments.createdAt), desc(eligibilityDocuments.id)),
      ])
    : [[], [], []];
  const coveredIds = new Set(covered.map((c) => c.id));
  const latestDocument = new Map<number, { expiresOn: string | null }>();
  for (const d of documents) if (!latestDocument.has(d.membershipId)) latestDocument.set(d.membershipId, d);

  const entryMemberships = rows.map((r): EntryMembership => {
    // An approved freeze whose days include today freezes it, whether or not the daily job has applied it yet.
    let frozenUntil: LocalDate | null = null;
    for (const f of freezes.filter((x) => x.membershipId === r.id)) {
      const from = parseLocalDate(f.activeFrom);
      const last = lastFrozenDay(f.activeFrom, f.months);
      if (from && compareDates(from, today) <= 0 && compareDates(today, last) <= 0) frozenUntil = last;
    }
    // 'frozen' past its last day is the job's to end: the dates decide.
    const doc = r.hasCriterion ? (latestDocument.get(r.id) ?? null) : null;
    const expiry = documentExpiry(doc, today);
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      startDate: r.startDate,
      expiresAt: r.expiresAt,
      coversVenue: r.coverage === 'national' || coveredIds.has(r.id),
      frozenUntil,
      documentExpiredOn: expiry.expired && doc?.expiresOn ? parseLocalDate(doc.expiresOn) : null,
    };
  });

  const blockingFees = client?.blocks
    ? (await findUnpaidPenalties(db, customerId)).reduce((sum, p) => sum + p.fee_amount.raw, 0)
    : 0;
  return {
    today,
    venueName: venue.name,
    memberships: entryMemberships,
    booking: booking ? { ...booking, timeZone: venue.timeZone } : null,
    blockingFees,
  };
}
