import { type SessionRefund, STAFF_PROGRAMME_TEXTS } from '@fieldhouse/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import {
  activitySessions,
  benefitUsages,
  creditTransactions,
  customers,
  packageUsages,
  payments,
  refunds,
} from '../../../db/schema.ts';
import { formatMoney, toMoney } from '../../../lib/money.ts';
import { sessionLabel } from '../../../lib/venue-time.ts';
import { returnBookingUsages } from '../../allowances/index.ts';
import { cancelSessionBookings } from '../../bookings/index.ts';
import { refundToCredit } from '../../credits/index.ts';
import type { JobEngine } from '../../jobs/index.ts';
import { queueMail, sessionCancelledMail } from '../../mail/index.ts';
import { endWaitlistOfCancelledSession } from '../../waitlist/index.ts';
import { type Actor, recordAudit } from '../audit.ts';
import { CARD_REFUND_JOB } from './card-refunds.ts';
import { lockStaffSession } from './locked-session.ts';

type Tender = SessionRefund['tender'];
type CreditKind = 'membership' | 'general';

export type CancelSessionInput = {
  sessionId: number;
  reason: string;
  actor: Actor & { staffId: number };
  /** The venues the staff member may change ('all' for an administrator). */
  venueIds: 'all' | number[];
  clientId: number;
  clientName: string;
  /** The account site's base URL, for the members' mails. */
  accountUrl: string;
  jobs: JobEngine;
  now: Date;
};

/** One portion of a booking's price going back: to the card it came from, or to account credit. */
type Portion = {
  tender: Tender;
  destination: 'card' | 'credit';
  amount: number;
  creditKind: CreditKind | null;
  chargeId: string | null;
};

/**
 * Staff cancel a session (issue 35, decision 064), in one transaction: the session's row is locked first (the
 * order checkout and members' cancellations lock in) and checked (this client's, at the staff member's venues, not
 * started, not already cancelled), so a second request, or two staff at once, finds it cancelled and changes
 * nothing. Then the session goes off sale, every live booking is cancelled, membership uses and package sessions come
 * back, each booking's price goes back to what paid for it (`portionsOf`: card first, then the credit the order
 * spent, then what was paid at the desk as account credit; never more than the order paid by that tender less what
 * it has had back), the waitlist ends, each member gets one mail, and one audit entry says who, when, why and every
 * penny. Card refunds are rows 'pending' and a job each (sent in this transaction), which asks the provider and
 * retries until it has.
 */
export async function cancelSession(db: Db, input: CancelSessionInput) {
  return transactionRetried(db, (tx) => cancelInTransaction(tx, input));
}

async function cancelInTransaction(tx: Tx, input: CancelSessionInput) {
  const { now, sessionId } = input;
  const found = await lockStaffSession(tx, input, {
    notFound: STAFF_PROGRAMME_TEXTS.sessionNotFound,
    cancelled: STAFF_PROGRAMME_TEXTS.alreadyCancelled,
    started: STAFF_PROGRAMME_TEXTS.started,
  });
  const { session, venue } = found;

  const label = sessionLabel(found.activityName, session.startsAt, venue.timeZone);
  const cancelled = await cancelSessionBookings(tx, { sessionId, now });
  await tx
    .update(activitySessions)
    .set({ cancelledAt: now, cancelledBy: 'staff', cancellationReason: input.reason })
    .where(eq(activitySessions.id, sessionId));

  // Allowances: what each booking used, before it is given back.
  const bookingIds = cancelled.map((b) => b.id);
  const usedBenefit = new Set<number>();
  const usedPackage = new Set<number>();
  if (bookingIds.length) {
    for (const u of await tx
      .select({ bookingId: benefitUsages.bookingId })
      .from(benefitUsages)
      .where(and(inArray(benefitUsages.bookingId, bookingIds), isNull(benefitUsages.returnedAt))))
      if (u.bookingId) usedBenefit.add(u.bookingId);
    for (const u of await tx
      .select({ bookingId: packageUsages.bookingId })
      .from(packageUsages)
      .where(and(inArray(packageUsages.bookingId, bookingIds), isNull(packageUsages.returnedAt))))
      if (u.bookingId) usedPackage.add(u.bookingId);
    await returnBookingUsages(tx, bookingIds, now);
  }

  // Money: each booking's price back to what paid for it, each portion once (unique idempotency key).
  const people = await customersOf(tx, [...new Set(cancelled.map((b) => b.customerId))]);
  const made: SessionRefund[] = [];
  const returnedTo = new Map<number, string[]>();
  const lineFor = (customerId: number, line: string) =>
    returnedTo.set(customerId, [...(returnedTo.get(customerId) ?? []), line]);
  for (const booking of cancelled) {
    returnedTo.set(booking.customerId, returnedTo.get(booking.customerId) ?? []);
    if (usedBenefit.has(booking.id)) lineFor(booking.customerId, 'Your membership session is back to use');
    if (usedPackage.has(booking.id)) lineFor(booking.customerId, 'Your package session is back to use');
    const back = await refundBookingPrice(tx, {
      booking,
      sessionId,
      key: `session-cancel:${sessionId}`,
      reason: input.reason,
      staffId: input.actor.staffId,
      label,
      venueName: venue.name,
      jobs: input.jobs,
      now,
    });
    for (const line of back.lines) lineFor(booking.customerId, line);
    const person = people.get(booking.customerId)!;
    for (const row of back.refunds)
      made.push({
        id: row.id,
        booking_id: booking.id,
        customer_id: booking.customerId,
        customer_name: `${person.firstName} ${person.lastName}`,
        tender: row.tender,
        destination: row.destination,
        amount: toMoney(row.amount),
        status: row.status,
      });
  }

  // The waitlist ends; those waiting hear it too (one mail each, like everyone booked).
  const waiting = await endWaitlistOfCancelledSession(tx, { sessionId, now });
  const waiters = await customersOf(
    tx,
    waiting.map((w) => w.customerId).filter((id) => !returnedTo.has(id)),
  );
  let mails = 0;
  for (const [customerId, returned] of [
    ...returnedTo,
    ...[...waiters.keys()].map((id) => [id, null] as const),
  ]) {
    const person = people.get(customerId) ?? waiters.get(customerId)!;
    const mail = sessionCancelledMail({
      clientName: input.clientName,
      firstName: person.firstName,
      session: label,
      venueName: venue.name,
      reason: input.reason,
      returned,
      accountUrl: input.accountUrl,
    });
    await queueMail(tx, { ...mail, to: person.email });
    mails++;
  }

  const allowancesReturned = usedBenefit.size + usedPackage.size;
  await recordAudit(tx, input.actor, now, {
    action: 'session.cancelled',
    entity: 'activity_session',
    entityId: sessionId,
    before: {
      state: 'on_sale',
      booked_count: session.bookedCount,
      starts_at: session.startsAt.toISOString(),
    },
    after: {
      reason: input.reason,
      bookings_cancelled: bookingIds,
      allowances_returned: allowancesReturned,
      refunds: made.map((r) => ({
        refund_id: r.id,
        booking_id: r.booking_id,
        customer_id: r.customer_id,
        tender: r.tender,
        destination: r.destination,
        amount: r.amount.raw,
        status: r.status,
      })),
      refunded_total: made.reduce((n, r) => n + r.amount.raw, 0),
      waitlist_ended: waiting.length,
      mails_queued: mails,
    },
  });
  return {
    session_id: sessionId,
    cancelled_at: now.toISOString(),
    reason: input.reason,
    bookings_cancelled: bookingIds.length,
    allowances_returned: allowancesReturned,
    refunds: made,
    waitlist_ended: waiting.length,
    mails_queued: mails,
  };
}

/**
 * Gives a cancelled booking's price, less what came back of it already, to what paid for it (`portionsOf`), in the
 * caller's transaction: credit at
 * once, a card portion as a 'pending' refund row and its job. Each portion is written once (its idempotency key
 * `{key}:booking:{id}:{tender}:{kind or charge}`), so a repeat gives nothing more. Returns the refund rows made now
 * and a line each for the member's mail. Used by the session cancel and by a member's cancel after a move.
 */
export async function refundBookingPrice(
  tx: Tx,
  input: {
    booking: { id: number; customerId: number; orderId: number | null; price: number };
    sessionId: number;
    key: string;
    reason: string;
    staffId: number | null;
    label: string;
    venueName: string;
    jobs: JobEngine;
    now: Date;
  },
) {
  const { booking, now } = input;
  const lines: string[] = [];
  const made: (typeof refunds.$inferSelect)[] = [];
  if (booking.price <= 0 || booking.orderId === null) return { lines, refunds: made };
  // What came back of this booking already (staff refunding part of its line, decision 074) is not given again.
  const [earlier] = await tx
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.bookingId, booking.id));
  const owed = booking.price - Number(earlier?.amount ?? 0);
  if (owed <= 0) return { lines, refunds: made };
  for (const portion of await portionsOf(tx, booking.orderId, owed)) {
    const key = `${input.key}:booking:${booking.id}:${portion.tender}:${portion.creditKind ?? portion.chargeId}`;
    const [row] = await tx
      .insert(refunds)
      .values({
        customerId: booking.customerId,
        orderId: booking.orderId,
        bookingId: booking.id,
        activitySessionId: input.sessionId,
        tender: portion.tender,
        destination: portion.destination,
        creditKind: portion.creditKind,
        amount: portion.amount,
        status: portion.destination === 'card' ? 'pending' : 'succeeded',
        reason: input.reason,
        providerChargeId: portion.chargeId,
        idempotencyKey: key,
        staffId: input.staffId,
        createdAt: now,
        refundedAt: portion.destination === 'card' ? null : now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue; // made before: never twice
    if (portion.destination === 'credit') {
      await refundToCredit(tx, {
        customerId: booking.customerId,
        kind: portion.creditKind!,
        amount: portion.amount,
        reason: 'Session cancelled',
        description: `Refund for ${input.label}: ${input.reason}`,
        relatedItem: input.label,
        location: input.venueName,
        orderId: booking.orderId,
        bookingId: booking.id,
        now,
      });
      lines.push(`${formatMoney(portion.amount)} back to your account credit`);
    } else {
      await input.jobs.send(CARD_REFUND_JOB, { refundId: row.id }, { tx });
      lines.push(`${formatMoney(portion.amount)} back to your card (it can take 5–10 working days to show)`);
    }
    made.push(row);
  }
  return { lines, refunds: made };
}

async function customersOf(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { firstName: string; lastName: string; email: string }>();
  const rows = await tx
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Desk tenders: paid at the desk, given back as account credit (cash back at the desk is item 4 of issue 35). */
const DESK_TENDERS = ['cash', 'cheque', 'offline-voucher'] as const;

/**
 * How `price` goes back for a booking of `orderId` (decision 064): from each tender the order paid with, in the
 * order card, credit (membership credit first, then general, as checkout spends it), desk tenders; each at most what
 * the order paid by it less what refunds have already given back of it, so an order is never refunded more than it
 * was paid, however its bookings are cancelled. Anything the order's tenders no longer cover is not refunded.
 */
async function portionsOf(tx: Tx, orderId: number, price: number): Promise<Portion[]> {
  const paid = await tx
    .select({
      tender: payments.tenderType,
      amount: payments.amount,
      chargeId: payments.providerChargeId,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const spent = await tx
    .select({ kind: creditTransactions.kind, amount: sql<number>`(-sum(${creditTransactions.amount}))::int` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.orderId, orderId), lt(creditTransactions.amount, 0)))
    .groupBy(creditTransactions.kind);
  const back = await tx
    .select({
      tender: refunds.tender,
      creditKind: refunds.creditKind,
      chargeId: refunds.providerChargeId,
      amount: sql<number>`sum(${refunds.amount})::int`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .groupBy(refunds.tender, refunds.creditKind, refunds.providerChargeId);
  const refunded = (match: (r: (typeof back)[number]) => boolean) =>
    back.filter(match).reduce((n, r) => n + Number(r.amount), 0);

  const sources: Portion[] = [];
  for (const p of paid.filter((p) => p.tender === 'card' && p.chargeId))
    sources.push({
      tender: 'card',
      destination: 'card',
      chargeId: p.chargeId,
      creditKind: null,
      amount: p.amount - refunded((r) => r.tender === 'card' && r.chargeId === p.chargeId),
    });
  for (const kind of ['membership', 'general'] as const) {
    const total = Number(spent.find((s) => s.kind === kind)?.amount ?? 0);
    sources.push({
      tender: 'credit',
      destination: 'credit',
      chargeId: null,
      creditKind: kind,
      amount: total - refunded((r) => r.tender === 'credit' && r.creditKind === kind),
    });
  }
  for (const tender of DESK_TENDERS) {
    const total = paid.filter((p) => p.tender === tender).reduce((n, p) => n + p.amount, 0);
    sources.push({
      tender,
      destination: 'credit',
      chargeId: null,
      creditKind: 'general',
      amount: total - refunded((r) => r.tender === tender),
    });
  }
  const portions: Portion[] = [];
  let left = price;
  for (const source of sources) {
    const amount = Math.min(left, source.amount);
    if (amount <= 0) continue;
    portions.push({ ...source, amount });
    left -= amount;
    if (left === 0) break;
  }
  return portions;
}
