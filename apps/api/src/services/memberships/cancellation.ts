import { type CancelInfo, MEMBERSHIP_MANAGEMENT_TEXTS, type UpcomingPayment } from '@fieldhouse/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { clients, customers, memberships, paymentOptions, penalties, venues } from '../../db/schema.ts';
import { LIVE_MEMBERSHIP_STATUSES } from '../../db/values.ts';
import { forbidden, HttpError } from '../../lib/http-errors.ts';
import {
  compareDates,
  DEFAULT_TIME_ZONE,
  formatIso,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { findUnpaidPenalties } from '../penalties/index.ts';
import { findAccountMemberships } from './account-memberships.ts';
import { findOwnMembership, isLive } from './membership-state.ts';
import { cancellationSchedule, nextPaymentOnOrAfter } from './payment-schedule.ts';

type MembershipRow = typeof memberships.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

const payment = (date: LocalDate, amount: number, description: string): UpcomingPayment => ({
  date: formatIso(date),
  date_pretty: prettyDate(date),
  amount: toMoney(amount),
  description,
});

/**
 * What cancelling now means (pure). Fixed (paid in full): it ends today, nothing more to pay. Recurring: the last
 * day is today + the client's notice days; the payments still due are the billing dates on or before that day
 * (the last one is the final payment date), each at the membership's price.
 */
export function cancellationTerms(input: {
  membership: Pick<MembershipRow, 'nextPaymentDate' | 'price'>;
  paymentType: 'recurring' | 'fixed';
  noticeDays: number;
  billingDay: number | null;
  today: LocalDate;
}) {
  const { membership: m, today } = input;
  if (input.paymentType === 'fixed')
    return { finalDay: today, finalPaymentDate: null as LocalDate | null, payments: [] as UpcomingPayment[] };
  const stored = m.nextPaymentDate ? parseLocalDate(m.nextPaymentDate) : null;
  const nextPayment = nextPaymentOnOrAfter(today, stored, input.billingDay);
  const schedule = cancellationSchedule({ today, noticeDays: input.noticeDays, nextPayment });
  return {
    finalDay: schedule.finalDay,
    finalPaymentDate: schedule.finalPaymentDate,
    payments: schedule.payments.map((d, i, all) =>
      payment(d, m.price, i === all.length - 1 ? 'Final payment' : 'Monthly payment'),
    ),
  };
}

async function billingDayOf(db: DbOrTx, customerId: number) {
  const [c] = await db
    .select({ billingDay: customers.billingDay })
    .from(customers)
    .where(eq(customers.id, customerId));
  return c?.billingDay ?? null;
}

/** GET /api/memberships/:id/cancel (404 when not the caller's). */
export async function findCancelInfo(
  db: DbOrTx,
  input: { customerId: number; membershipId: number; now: Date },
): Promise<CancelInfo> {
  const own = await findOwnMembership(db, input);
  const { membership: m, option, client, today } = own;
  const fees = await findUnpaidPenalties(db, input.customerId);
  const terms = cancellationTerms({
    membership: m,
    paymentType: option.paymentType,
    noticeDays: client.cancellationNoticeDays,
    billingDay: await billingDayOf(db, input.customerId),
    today,
  });
  return {
    allow_online_membership_cancellation: client.allowOnlineCancellation,
    membership_cancellation_refusal_message: client.allowOnlineCancellation
      ? null
      : (client.cancellationRefusalMessage ?? MEMBERSHIP_MANAGEMENT_TEXTS.cannotCancelOnline),
    payment_type: option.paymentType,
    has_outstanding_penalties_due: fees.length > 0,
    outstanding_penalties_due: fees.map((f) => ({
      id: f.id,
      type: f.description,
      fee_amount: { amount: f.fee_amount.raw, formatted: f.fee_amount.formatted },
      venue: f.booking?.venue ?? f.venue.name,
      session: f.booking ? `${f.booking.description} on ${f.booking.date} at ${f.booking.time}` : null,
      created_at: shortDate(new Date(f.created_at), own.venue.timeZone),
    })),
    recurring:
      option.paymentType === 'recurring'
        ? {
            cancellation_notice_period: client.cancellationNoticeDays,
            earliest_final_payment_date: terms.finalPaymentDate ? prettyDate(terms.finalPaymentDate) : null,
            earliest_final_day_of_membership: prettyDate(terms.finalDay),
            cancellation_notice_required: client.cancellationNoticeDays > 0,
          }
        : null,
    next_payments: terms.payments,
    cancellation_pending_payment: Boolean(m.cancellationRequestedAt) && isLive(m.status),
  };
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'D MMM YYYY', venue-local. */
const shortDate = (instant: Date, timeZone: string) => {
  const d = localDateOf(instant, timeZone || DEFAULT_TIME_ZONE);
  return `${d.day} ${SHORT_MONTHS[d.month - 1]} ${d.year}`;
};

/** Writes the cancellation (status cancelled, expires_at = final day, next_payment_date = final payment or null). */
async function applyCancellation(
  tx: Tx,
  input: {
    membership: MembershipRow;
    paymentType: 'recurring' | 'fixed';
    client: ClientRow;
    today: LocalDate;
  },
) {
  const { membership: m, today } = input;
  const terms = cancellationTerms({
    membership: m,
    paymentType: input.paymentType,
    noticeDays: input.client.cancellationNoticeDays,
    billingDay: await billingDayOf(tx, m.customerId),
    today,
  });
  const currentExpiry = m.expiresAt ? parseLocalDate(m.expiresAt) : null;
  const finalDay =
    currentExpiry && compareDates(currentExpiry, terms.finalDay) < 0 ? currentExpiry : terms.finalDay;
  await tx
    .update(memberships)
    .set({
      status: 'cancelled',
      expiresAt: formatIso(finalDay),
      nextPaymentDate: terms.finalPaymentDate ? formatIso(terms.finalPaymentDate) : null,
      cancellationRequestedAt: null,
    })
    .where(eq(memberships.id, m.id));
}

/**
 * POST /api/memberships/:id/cancel. 404 when not the caller's; 403 with the client's refusal message when online
 * cancellation is off, or when the membership is not live. With unpaid fees nothing is cancelled: the request is
 * recorded (cancellation_requested_at) and the checkout that pays the last fee cancels it (cancelPendingRequests).
 */
export async function cancelMembership(
  db: Db,
  input: { customerId: number; membershipId: number; now: Date },
) {
  const cancelled = await transactionRetried(db, async (tx) => {
    const own = await findOwnMembership(tx, input);
    const { client, option } = own;
    if (!client.allowOnlineCancellation)
      throw forbidden(client.cancellationRefusalMessage ?? MEMBERSHIP_MANAGEMENT_TEXTS.cannotCancelOnline);
    const [m] = await tx
      .select()
      .from(memberships)
      .where(eq(memberships.id, own.membership.id))
      .for('update');
    if (!m || !isLive(m.status)) throw forbidden();
    const [unpaid] = await tx
      .select({ id: penalties.id })
      .from(penalties)
      .where(and(eq(penalties.customerId, input.customerId), eq(penalties.status, 'unpaid')))
      .limit(1);
    if (unpaid) {
      await tx
        .update(memberships)
        .set({ cancellationRequestedAt: input.now })
        .where(eq(memberships.id, m.id));
      return false;
    }
    await applyCancellation(tx, { membership: m, paymentType: option.paymentType, client, today: own.today });
    return true;
  });
  const [membership] = await findAccountMemberships(db, {
    customerId: input.customerId,
    now: input.now,
    timeZone: '',
    membershipIds: [input.membershipId],
  });
  if (!membership) throw new HttpError(500, MEMBERSHIP_MANAGEMENT_TEXTS.somethingWrong);
  return {
    message: cancelled ? MEMBERSHIP_MANAGEMENT_TEXTS.cancelled : MEMBERSHIP_MANAGEMENT_TEXTS.outstandingFees,
    cancelled,
    membership,
  };
}

/**
 * Inside checkout's transaction: when the customer has no unpaid fees left, every live membership with a pending
 * cancellation request is cancelled under the same rules as an online cancellation (today = the checkout's day).
 */
export async function cancelPendingRequests(tx: Tx, customerId: number, now: Date) {
  const [unpaid] = await tx
    .select({ id: penalties.id })
    .from(penalties)
    .where(and(eq(penalties.customerId, customerId), eq(penalties.status, 'unpaid')))
    .limit(1);
  if (unpaid) return [];
  const rows = await tx
    .select({
      membership: memberships,
      paymentType: paymentOptions.paymentType,
      client: clients,
      timeZone: venues.timeZone,
    })
    .from(memberships)
    .innerJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .innerJoin(clients, eq(clients.id, venues.clientId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        isNotNull(memberships.cancellationRequestedAt),
        inArray(memberships.status, [...LIVE_MEMBERSHIP_STATUSES]),
      ),
    )
    .for('update', { of: memberships });
  for (const r of rows) {
    await applyCancellation(tx, {
      membership: r.membership,
      paymentType: r.paymentType,
      client: r.client,
      today: localDateOf(now, r.timeZone || DEFAULT_TIME_ZONE),
    });
  }
  return rows.map((r) => r.membership.id);
}
