import {
  creditNoteNumber,
  FRONT_DESK_CASH_REFUND_LIMIT,
  REFUND_DESTINATION_NAMES,
  REFUND_TEXTS,
  type RefundDestination,
  type RefundOrderBody,
  type StaffOrder,
  type StaffRole,
} from '@fieldhouse/contract';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { transactionRetried } from '../../../db/connection-errors.ts';
import {
  activities,
  activitySessions,
  auditLog,
  bookings,
  creditTransactions,
  customers,
  orderItems,
  orders,
  payments,
  refunds,
  staffAccounts,
  staffRefunds,
  venues,
} from '../../../db/schema.ts';
import { forbidden, HttpError, notFound } from '../../../lib/http-errors.ts';
import { formatMoney, toMoney } from '../../../lib/money.ts';
import { sessionLabel, venueDateAtTime, venueDatePretty, venueTime } from '../../../lib/venue-time.ts';
import { cancelRefundedBookings } from '../../bookings/index.ts';
import { refundToCredit } from '../../credits/index.ts';
import type { JobEngine } from '../../jobs/index.ts';
import { orderRefundedMail, queueMail } from '../../mail/index.ts';
import { recordAudit } from '../audit.ts';
import { openSessionOfTill } from '../cash-up/till-at-sale.ts';
import type { VenueScope } from '../desk/shared.ts';
import { mayServe } from '../members/record.ts';
import { CARD_REFUND_JOB } from '../programme/card-refunds.ts';

type Tender = 'card' | 'credit' | 'cash' | 'offline-voucher' | 'cheque';
type CreditKind = 'membership' | 'general';

/** The staff member who refunds, and where and how they may (decision 074). */
export type RefundActor = { staffId: number; name: string; role: StaffRole; scope: VenueScope };

/** A tender of the order and what is left of it to give back. */
type Source = {
  tender: Tender;
  creditKind: CreditKind | null;
  chargeId: string | null;
  label: string;
  paid: number;
  left: number;
};

const TENDER_LABELS: Record<Tender, string> = {
  card: 'Card',
  credit: 'Account credit',
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
};

/**
 * Which tenders each way of refunding draws on, in order (decision 074): the card gives back only what a card paid
 * (through the provider, to that card); account credit first gives back the credit the order spent (as the kinds it
 * was spent as), then what was paid at the desk, then card money (all as general credit); cash at the desk only
 * what was paid in cash.
 */
const DRAWS_ON: Record<RefundDestination, (s: Source) => boolean> = {
  card: (s) => s.tender === 'card',
  credit: () => true,
  cash: (s) => s.tender === 'cash',
};
const CREDIT_ORDER: Tender[] = ['credit', 'cash', 'cheque', 'offline-voucher', 'card'];

/** An order as it stands: its lines with what is left to refund on each, its tenders with what is left of each. */
async function readOrderState(db: DbOrTx, orderId: number) {
  const lines = await db
    .select({
      item: orderItems,
      session: activitySessions,
      activityName: activities.name,
      timeZone: venues.timeZone,
      bookingStatus: bookings.status,
    })
    .from(orderItems)
    .leftJoin(activitySessions, eq(activitySessions.id, orderItems.activitySessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(venues, eq(venues.id, activitySessions.venueId))
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const spent = await db
    .select({ kind: creditTransactions.kind, amount: sql<number>`(-sum(${creditTransactions.amount}))::int` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.orderId, orderId), lt(creditTransactions.amount, 0)))
    .groupBy(creditTransactions.kind);
  const back = await db
    .select({ refund: refunds, staffName: staffAccounts.name })
    .from(refunds)
    .leftJoin(staffAccounts, eq(staffAccounts.id, refunds.staffId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  const refunded = (match: (r: typeof refunds.$inferSelect) => boolean) =>
    back.filter((b) => match(b.refund)).reduce((n, b) => n + b.refund.amount, 0);

  const sources: Source[] = [];
  for (const p of paid.filter((p) => p.tenderType === 'card' && p.providerChargeId))
    sources.push({
      tender: 'card',
      creditKind: null,
      chargeId: p.providerChargeId,
      label: p.cardDescription ?? 'Card',
      paid: p.amount,
      left: p.amount - refunded((r) => r.tender === 'card' && r.providerChargeId === p.providerChargeId),
    });
  for (const kind of ['membership', 'general'] as const) {
    const total = Number(spent.find((s) => s.kind === kind)?.amount ?? 0);
    if (total > 0)
      sources.push({
        tender: 'credit',
        creditKind: kind,
        chargeId: null,
        label: kind === 'membership' ? 'Membership credit' : 'Account credit',
        paid: total,
        left: total - refunded((r) => r.tender === 'credit' && r.creditKind === kind),
      });
  }
  for (const tender of ['cash', 'cheque', 'offline-voucher'] as const) {
    const total = paid.filter((p) => p.tenderType === tender).reduce((n, p) => n + p.amount, 0);
    if (total > 0)
      sources.push({
        tender,
        creditKind: null,
        chargeId: null,
        label: TENDER_LABELS[tender],
        paid: total,
        left: total - refunded((r) => r.tender === tender),
      });
  }

  const lineState = lines.map((row) => {
    const { item, session, timeZone } = row;
    // A line's refunds: the staff refunds that name it, and the session-cancel refunds of its booking.
    const given = refunded(
      (r) =>
        r.orderItemId === item.id ||
        (r.orderItemId === null && item.bookingId !== null && r.bookingId === item.bookingId),
    );
    const zone = timeZone ?? undefined;
    return {
      id: item.id,
      name: item.name,
      label: session && row.activityName ? sessionLabel(row.activityName, session.startsAt, zone) : item.name,
      when: session
        ? `${venueDatePretty(session.startsAt, zone)}, ${venueTime(session.startsAt, zone)}–${venueTime(session.endsAt, zone)}`
        : null,
      price: item.price,
      refunded: given,
      left: Math.max(0, item.price - given),
      bookingId: item.bookingId,
      bookingStatus: row.bookingStatus ?? null,
      sessionId: session?.id ?? null,
    };
  });
  const leftFor = (destination: RefundDestination) =>
    sources.filter(DRAWS_ON[destination]).reduce((n, s) => n + Math.max(0, s.left), 0);
  return { lines: lineState, sources, back, leftFor };
}
type OrderState = Awaited<ReturnType<typeof readOrderState>>;

function toStaffOrder(order: typeof orders.$inferSelect, state: OrderState, timeZone: string): StaffOrder {
  // One entry per staff refund (its credit note), one per session-cancel refund row.
  const byRequest = new Map<string, StaffOrder['refunds'][number]>();
  for (const { refund, staffName } of state.back) {
    const key = refund.staffRefundId ? `s${refund.staffRefundId}` : `r${refund.id}`;
    const seen = byRequest.get(key);
    if (seen) {
      seen.amount = toMoney(seen.amount.raw + refund.amount);
      if (refund.status === 'pending') seen.status = 'pending';
      continue;
    }
    byRequest.set(key, {
      id: refund.staffRefundId ?? refund.id,
      number: refund.staffRefundId ? creditNoteNumber(refund.staffRefundId) : null,
      created_at: venueDateAtTime(refund.createdAt, timeZone),
      amount: toMoney(refund.amount),
      destination: refund.destination,
      status: refund.status,
      reason: refund.reason,
      staff_name: staffName,
    });
  }
  const tenders = state.sources.map((s) => ({
    tender: s.tender,
    label: s.label,
    paid: toMoney(s.paid),
    refunded: toMoney(s.paid - s.left),
  }));
  return {
    id: order.id,
    uuid: order.uuid,
    created_at: venueDateAtTime(order.createdAt, timeZone),
    total: toMoney(order.total),
    payment_type: order.paymentType,
    lines: state.lines.map((l) => ({
      id: l.id,
      name: l.name,
      when: l.when,
      price: toMoney(l.price),
      refunded: toMoney(l.refunded),
      refundable: toMoney(l.left),
      booking_status: l.bookingStatus,
    })),
    tenders,
    refunds: [...byRequest.values()],
    refundable_to: {
      card: toMoney(state.leftFor('card')),
      credit: toMoney(state.leftFor('credit')),
      cash: toMoney(state.leftFor('cash')),
    },
  };
}

/** The ways a role may refund, and front desk's cash limit (decision 074). */
export function refundRights(role: StaffRole) {
  return role === 'front_desk'
    ? { destinations: ['cash'] as RefundDestination[], cashLimit: FRONT_DESK_CASH_REFUND_LIMIT }
    : { destinations: ['card', 'credit', 'cash'] as RefundDestination[], cashLimit: null };
}

/**
 * GET /api/staff/members/:id/orders: the customer's latest 50 orders, newest first, each line with what is left to
 * refund on it; null when the staff member may not serve the customer (the caller answers 404).
 */
export async function findStaffMemberOrders(
  db: DbOrTx,
  input: { clientId: number; customerId: number; actor: RefundActor; timeZone: string },
) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.clientId, input.clientId)));
  if (!customer || !mayServe(input.actor.scope, customer.homeVenueId)) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customer.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
  const list: StaffOrder[] = [];
  for (const order of rows)
    list.push(toStaffOrder(order, await readOrderState(db, order.id), input.timeZone));
  const rights = refundRights(input.actor.role);
  return {
    orders: list,
    may_refund_to: rights.destinations,
    cash_limit: rights.cashLimit === null ? null : toMoney(rights.cashLimit),
  };
}

export type RefundOrderInput = {
  clientId: number;
  clientName: string;
  orderId: number;
  body: RefundOrderBody;
  actor: RefundActor;
  timeZone: string;
  accountUrl: string;
  bookingsUrl: string;
  jobs: JobEngine;
  now: Date;
};

/**
 * POST /api/staff/orders/:id/refunds (issue 35 item 4, decision 074), in one transaction: the order's row is locked
 * (two staff at once, or the same request twice, take turns), then the sessions of its lines (a session being
 * cancelled at the same moment gives back its bookings first, or after this, never both from the same money). The
 * same idempotency key again answers the refund it made. Each line gives back at most what is left of its price, and
 * the whole at most what the tenders the chosen way draws on have left; anything else is refused and nothing changes.
 * The money: one refunds row per line and tender (card ones pending, made by the card-refund job sent in this
 * transaction; credit at once; cash handed over at the desk). Bookings whose line is now wholly refunded are
 * cancelled; the member gets a mail; one audit entry says who, when, why and the money per tender.
 */
export async function refundOrder(db: Db, input: RefundOrderInput) {
  return transactionRetried(db, (tx) => refundInTransaction(tx, input));
}

async function refundInTransaction(tx: Tx, input: RefundOrderInput) {
  const { body, actor, now } = input;
  // 'no key update': the foreign keys of rows other transactions add to the order (a session-cancel refund) only
  // share its key, so they do not wait for this lock (nor deadlock with it); another refund waits.
  const [found] = await tx
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, input.orderId))
    .for('no key update', { of: orders });
  if (
    !found ||
    found.customer.clientId !== input.clientId ||
    !mayServe(actor.scope, found.customer.homeVenueId)
  )
    throw notFound(REFUND_TEXTS.orderNotFound);
  const { order, customer } = found;

  const [earlier] = await tx
    .select()
    .from(staffRefunds)
    .where(eq(staffRefunds.idempotencyKey, body.idempotency_key));
  if (earlier) {
    if (earlier.orderId !== order.id) throw new HttpError(409, REFUND_TEXTS.keyReused);
    return replyFor(tx, order, earlier, input.timeZone);
  }

  const rights = refundRights(actor.role);
  if (!rights.destinations.includes(body.destination)) throw forbidden(REFUND_TEXTS.notAllowed);

  await tx
    .select({ id: activitySessions.id })
    .from(activitySessions)
    .innerJoin(orderItems, eq(orderItems.activitySessionId, activitySessions.id))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(activitySessions.id))
    .for('update', { of: activitySessions });
  const state = await readOrderState(tx, order.id);

  // Every check before any write: a refused request changes nothing.
  const seen = new Set<number>();
  for (const asked of body.lines) {
    const line = state.lines.find((l) => l.id === asked.order_item_id);
    if (!line)
      throw new HttpError(422, REFUND_TEXTS.lineNotOnOrder, { lines: [REFUND_TEXTS.lineNotOnOrder] });
    if (seen.has(line.id))
      throw new HttpError(422, REFUND_TEXTS.duplicateLine, { lines: [REFUND_TEXTS.duplicateLine] });
    seen.add(line.id);
    if (asked.amount > line.left) {
      const message = REFUND_TEXTS.moreThanPaid(line.name, formatMoney(line.left));
      throw new HttpError(422, message, { lines: [message] });
    }
  }
  const total = body.lines.reduce((n, l) => n + l.amount, 0);
  const available = state.leftFor(body.destination);
  if (total > available) {
    const message = REFUND_TEXTS.moreThanTender(
      REFUND_DESTINATION_NAMES[body.destination].toLowerCase(),
      formatMoney(available),
    );
    throw new HttpError(422, message, { destination: [message] });
  }
  if (rights.cashLimit !== null && total > rights.cashLimit)
    throw forbidden(REFUND_TEXTS.cashLimit(formatMoney(rights.cashLimit)));
  // Cash from a till (decision 083): its open session, at the venue of the sale (422 under till_id otherwise).
  const tillSessionId =
    body.destination === 'cash' && body.till_id !== undefined
      ? await openSessionOfTill(tx, {
          tillId: body.till_id,
          saleVenueId: order.venueId,
          clientId: input.clientId,
        })
      : null;

  const [request] = await tx
    .insert(staffRefunds)
    .values({
      customerId: customer.id,
      orderId: order.id,
      staffId: actor.staffId,
      destination: body.destination,
      amount: total,
      reason: body.reason,
      idempotencyKey: body.idempotency_key,
      createdAt: now,
    })
    .returning();
  const number = creditNoteNumber(request!.id);

  // The money: each line's amount from the tenders the destination draws on, in order, each at most what it has left.
  const sources = state.sources
    .filter(DRAWS_ON[body.destination])
    .sort((a, b) =>
      body.destination === 'credit' ? CREDIT_ORDER.indexOf(a.tender) - CREDIT_ORDER.indexOf(b.tender) : 0,
    );
  const moved: {
    refundId: number;
    orderItemId: number;
    tender: Tender;
    destination: RefundDestination;
    creditKind: CreditKind | null;
    amount: number;
    status: 'pending' | 'succeeded';
  }[] = [];
  for (const asked of body.lines) {
    const line = state.lines.find((l) => l.id === asked.order_item_id)!;
    let left = asked.amount;
    for (const source of sources) {
      const amount = Math.min(left, source.left);
      if (amount <= 0) continue;
      source.left -= amount;
      left -= amount;
      const creditKind = body.destination === 'credit' ? (source.creditKind ?? 'general') : null;
      const status = body.destination === 'card' ? 'pending' : 'succeeded';
      const [row] = await tx
        .insert(refunds)
        .values({
          customerId: customer.id,
          orderId: order.id,
          orderItemId: line.id,
          staffRefundId: request!.id,
          bookingId: line.bookingId,
          activitySessionId: line.sessionId,
          tender: source.tender,
          destination: body.destination,
          creditKind,
          amount,
          status,
          reason: body.reason,
          providerChargeId: source.chargeId,
          idempotencyKey: `staff-refund:${request!.id}:item:${line.id}:${source.tender}:${source.creditKind ?? source.chargeId ?? '-'}`,
          staffId: actor.staffId,
          tillSessionId,
          createdAt: now,
          refundedAt: status === 'pending' ? null : now,
        })
        .returning();
      if (body.destination === 'credit')
        await refundToCredit(tx, {
          customerId: customer.id,
          kind: creditKind!,
          amount,
          reason: 'Refund',
          description: `Refund ${number} on order ${order.id}: ${body.reason}`,
          relatedItem: line.label,
          location: '',
          orderId: order.id,
          bookingId: line.bookingId,
          now,
        });
      if (body.destination === 'card') await input.jobs.send(CARD_REFUND_JOB, { refundId: row!.id }, { tx });
      moved.push({
        refundId: row!.id,
        orderItemId: line.id,
        tender: source.tender,
        destination: body.destination,
        creditKind,
        amount,
        status,
      });
      if (left === 0) break;
    }
    if (left !== 0) throw new Error(`Refund ${request!.id}: ${left}p of line ${line.id} had no tender`);
  }

  // Lines now refunded in full: their live bookings are cancelled, places freed, the waitlist told.
  const asked = new Map(body.lines.map((l) => [l.order_item_id, l.amount]));
  const whole = state.lines.filter(
    (l) => l.price > 0 && l.bookingId !== null && asked.has(l.id) && asked.get(l.id) === l.left,
  );
  const cancelled = await cancelRefundedBookings(tx, {
    bookingIds: whole.map((l) => l.bookingId!),
    now,
    clientName: input.clientName,
    bookingsUrl: input.bookingsUrl,
  });

  const returned =
    body.destination === 'card'
      ? `${formatMoney(total)} to your card (it can take 5–10 working days to show)`
      : body.destination === 'credit'
        ? `${formatMoney(total)} to your account credit`
        : `${formatMoney(total)} in cash at the desk`;
  const mail = orderRefundedMail({
    clientName: input.clientName,
    firstName: customer.firstName,
    orderId: order.id,
    creditNote: number,
    returned,
    lines: body.lines.map((l) => {
      const line = state.lines.find((s) => s.id === l.order_item_id)!;
      return `${line.label}: ${formatMoney(l.amount)}`;
    }),
    reason: body.reason,
    cancelled: cancelled.map((c) => c.label),
    accountUrl: input.accountUrl,
  });
  await queueMail(tx, { ...mail, to: customer.email });

  await recordAudit(tx, { staffId: actor.staffId, name: actor.name }, now, {
    action: 'order.refunded',
    entity: 'order',
    entityId: order.id,
    before: {
      lines: state.lines
        .filter((l) => asked.has(l.id))
        .map((l) => ({ order_item_id: l.id, refunded: l.refunded, left: l.left })),
    },
    after: {
      staff_refund_id: request!.id,
      credit_note: number,
      customer_id: customer.id,
      reason: body.reason,
      destination: body.destination,
      total,
      lines: body.lines,
      money: moved.map((m) => ({
        refund_id: m.refundId,
        order_item_id: m.orderItemId,
        tender: m.tender,
        destination: m.destination,
        credit_kind: m.creditKind,
        amount: m.amount,
        status: m.status,
      })),
      bookings_cancelled: cancelled.map((c) => c.id),
      ...(tillSessionId && { till_session_id: tillSessionId }),
    },
  });
  return replyFor(tx, order, request!, input.timeZone, cancelled.length);
}

/** The reply: the refund (as its credit note), the bookings it cancelled and the order as it now stands. */
async function replyFor(
  tx: Tx,
  order: typeof orders.$inferSelect,
  request: typeof staffRefunds.$inferSelect,
  timeZone: string,
  bookingsCancelled?: number,
) {
  const state = await readOrderState(tx, order.id);
  const view = toStaffOrder(order, state, timeZone);
  const refund = view.refunds.find((r) => r.number === creditNoteNumber(request.id))!;
  let count = bookingsCancelled;
  if (count === undefined) {
    // The same request again: what the first time cancelled, from its audit entry.
    const entries = await tx
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refunded'), eq(auditLog.entityId, String(order.id))));
    const after = entries
      .map((e) => e.after as { staff_refund_id?: number; bookings_cancelled?: number[] })
      .find((a) => a?.staff_refund_id === request.id);
    count = after?.bookings_cancelled?.length ?? 0;
  }
  return {
    refund: { ...refund, number: creditNoteNumber(request.id) },
    bookings_cancelled: count,
    order: view,
    message: REFUND_TEXTS.refunded(
      formatMoney(request.amount),
      REFUND_DESTINATION_NAMES[request.destination].toLowerCase(),
    ),
  };
}
