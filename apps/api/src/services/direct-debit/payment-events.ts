// GoCardless's payment events: a payment's status moves along; a failed collection raises the operator's fee (or
// a notice) and mails the member.
import { DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clients,
  customers,
  directDebitMandates,
  directDebitPayments,
  memberships,
  venues,
} from '../../db/schema.ts';
import type { DIRECT_DEBIT_PAYMENT_STATUSES } from '../../db/values.ts';
import { prettyDate, toLocalDate } from '../../lib/local-date.ts';
import { formatMoney } from '../../lib/money.ts';
import { failedCollectionMail, queueMail } from '../mail/index.ts';
import { raisePenalty } from '../penalties/index.ts';
import type { DirectDebitEvent } from './gocardless-provider.ts';

/** The penalty type of a failed collection's fee. */
export const FAILED_COLLECTION_PENALTY = 'failed_direct_debit';

/** The member a mandate belongs to, with what the mails need (name, email, the operator). */
export async function memberOf(tx: Tx, customerId: number) {
  const [member] = await tx
    .select({
      email: customers.email,
      firstName: customers.firstName,
      clientId: customers.clientId,
      homeVenueId: customers.homeVenueId,
      clientName: clients.name,
      failedCollectionFee: clients.failedCollectionFee,
    })
    .from(customers)
    .innerJoin(clients, eq(clients.id, customers.clientId))
    .where(eq(customers.id, customerId));
  return member!;
}

type PaymentStatus = (typeof DIRECT_DEBIT_PAYMENT_STATUSES)[number];
/** GoCardless payment actions that only move the status along. */
const PAYMENT_STATUS_OF: Record<string, PaymentStatus> = {
  submitted: 'submitted',
  resubmission_requested: 'pending_submission',
  confirmed: 'confirmed',
  paid_out: 'paid_out',
  cancelled: 'cancelled',
  charged_back: 'charged_back',
};

export async function onPaymentEvent(
  tx: Tx,
  deps: { accountUrl: string | null },
  event: DirectDebitEvent,
  now: Date,
) {
  const providerId = event.links.payment;
  if (!providerId) return 'ignored: no payment';
  const [payment] = await tx
    .select()
    .from(directDebitPayments)
    .where(eq(directDebitPayments.providerPaymentId, providerId))
    .for('update');
  if (!payment) return 'ignored: unknown payment';
  if (event.action !== 'failed') {
    const status = PAYMENT_STATUS_OF[event.action];
    if (!status) return `noted: payment ${event.action}`;
    if (payment.status === status) return `payment already ${status}`;
    await tx
      .update(directDebitPayments)
      .set({ status, updatedAt: now })
      .where(eq(directDebitPayments.id, payment.id));
    return `payment ${status}`;
  }
  if (payment.status === 'failed') return 'payment already failed';

  const [mandate] = await tx
    .select({ customerId: directDebitMandates.customerId })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.id, payment.mandateId));
  const member = await memberOf(tx, mandate!.customerId);
  const dueOn = prettyDate(toLocalDate(payment.chargeDate));
  let penaltyId: number | null = null;
  const fee = member.failedCollectionFee;
  if (fee > 0) {
    const venueId = await venueForFee(tx, payment.membershipId, member);
    penaltyId = await raisePenalty(tx, {
      customerId: mandate!.customerId,
      venueId,
      type: FAILED_COLLECTION_PENALTY,
      description: DIRECT_DEBIT_TEXTS.feeDescription(dueOn),
      amount: fee,
      now,
    });
  }
  await tx
    .update(directDebitPayments)
    .set({
      status: 'failed',
      failureReason: event.details.cause ?? null,
      updatedAt: now,
      ...(penaltyId ? { penaltyId } : {}),
    })
    .where(eq(directDebitPayments.id, payment.id));
  await queueMail(tx, {
    to: member.email,
    ...failedCollectionMail({
      clientName: member.clientName,
      firstName: member.firstName,
      amount: formatMoney(payment.amount),
      dueOn,
      fee: penaltyId ? formatMoney(fee) : null,
      link: deps.accountUrl ? `${deps.accountUrl}/payments` : null,
    }),
  });
  return penaltyId ? 'payment failed: fee raised' : 'payment failed: notice sent';
}

/** The venue a fee belongs to: the membership's home venue, else the member's, else the operator's first. */
async function venueForFee(
  tx: Tx,
  membershipId: number | null,
  member: { clientId: number; homeVenueId: number | null },
) {
  if (membershipId) {
    const [m] = await tx
      .select({ venueId: memberships.homeVenueId })
      .from(memberships)
      .where(eq(memberships.id, membershipId));
    if (m?.venueId) return m.venueId;
  }
  if (member.homeVenueId) return member.homeVenueId;
  const [first] = await tx
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.clientId, member.clientId))
    .orderBy(asc(venues.id))
    .limit(1);
  return first!.id;
}
