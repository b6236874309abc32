/**
 * Refunds staff give on any order from the member's record (issue 35 item 4, decision 074): whole or part of a line,
 * to the card (the provider's refund, made by the retried card-refund job), to account credit or as cash at the desk,
 * with a reason; never more than a line was paid less what came back of it (a cancelled session's refunds included),
 * never more than a tender paid; refused input changes nothing; the same request twice, or two staff at once, refund
 * once; a booking on a line refunded in full is cancelled; the member gets a mail and a credit note.
 */
import { randomUUID } from 'node:crypto';
import { creditNoteNumber, REFUND_TEXTS } from '@fieldhouse/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  activitySessions,
  auditLog,
  bookings,
  creditTransactions,
  orderItems,
  refunds,
  sandboxPaymentIntents,
  staffRefunds,
} from '../src/db/schema.ts';
import type { PaymentProvider } from '../src/services/payments/provider.ts';
import { runCardRefund } from '../src/services/staff/programme/card-refunds.ts';
import {
  createBooking,
  createClient,
  createCustomer,
  createOrder,
  createSession,
  createVenue,
  createWaitlistEntry,
  csrfHeaders,
  login,
  outbox,
  sessionFor,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import { paidBookings } from './paid-bookings.fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { startStripeStandIn, stripeAgainstStandIn } from './stripe-stand-in.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const elsewhere = await createVenue(t.db, { clientId: client.id, name: 'Bradford' });
let refundCalls = 0;
const wrap = (inner: PaymentProvider): PaymentProvider => ({
  ...inner,
  charge: (request, context) => inner.charge(request, context),
  confirm: (intent, expected, context) => inner.confirm(intent, expected, context),
  forgetCard: (ref, context) => inner.forgetCard(ref, context),
  refund(chargeId, amount, key, context) {
    refundCalls++;
    return inner.refund(chargeId, amount, key, context);
  },
});
const app = await t.buildTestApp({}, { wrapPaymentProvider: wrap, jobs: { start: true, workers: false } });
/** A member at Leeds books sessions through the basket with a sandbox card, as the site does. */
const { bookByCard } = paidBookings({ app, db: t.db, clientId: client.id, homeVenueId: venue.id });
const admin = await staffSessionFor(t.db, { role: 'administrator', name: 'Ada Admin' });
const manager = await staffSessionFor(t.db, {
  role: 'centre_manager',
  venueIds: [venue.id],
  name: 'Cal Manager',
});
const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id], name: 'Dee Desk' });
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

type Line = { order_item_id: number; amount: number };
const refund = (
  orderId: number,
  body: { destination: 'card' | 'credit' | 'cash'; lines: Line[]; reason?: string; idempotency_key?: string },
  headers = manager.headers,
) =>
  app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/refunds`,
    headers,
    payload: { reason: 'The class was moved without notice.', idempotency_key: randomUUID(), ...body },
  });

const refundRows = (orderId: number) =>
  t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
const balance = async (customerId: number, kind: 'membership' | 'general') =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.customerId, customerId), eq(creditTransactions.kind, kind)))
    )[0]!.n,
  );

describe('refunds by staff on an order', () => {
  it('refunds part of a card-paid line, then the rest: the card once each, the booking cancelled, a credit note', async () => {
    const { session: spin } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(30),
      name: 'Spin',
    });
    const { session: yoga } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(32),
      name: 'Yoga',
    });
    const { customer, who, orderId, items } = await bookByCard([spin.id, yoga.id]);
    const spinLine = items.find((i) => i.activitySessionId === spin.id)!;
    const waiting = await createCustomer(t.db, { clientId: client.id, firstName: 'Wes' });
    await createWaitlistEntry(t.db, { customerId: waiting.id, sessionId: spin.id });

    // The member record's orders: each line with what is left to refund.
    const listed = await app.inject({
      method: 'GET',
      url: `/api/staff/members/${customer.id}/orders`,
      headers: manager.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const [listedOrder] = listed.json().data.orders;
    expect(listedOrder).toMatchObject({
      id: orderId,
      refundable_to: { card: { raw: 1300 }, cash: { raw: 0 } },
    });
    expect(listedOrder.lines.map((l: { refundable: { raw: number } }) => l.refundable.raw)).toEqual([
      650, 650,
    ]);
    expect(listed.json().data.may_refund_to).toEqual(['card', 'credit', 'cash']);

    refundCalls = 0;
    const key = randomUUID();
    const first = await refund(orderId, {
      destination: 'card',
      idempotency_key: key,
      lines: [{ order_item_id: spinLine.id, amount: 300 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstData = first.json().data;
    expect(firstData).toMatchObject({
      refund: { amount: { raw: 300 }, destination: 'card', status: 'pending' },
      bookings_cancelled: 0,
      message: 'Refunded £3.00 to card.',
    });
    expect(firstData.refund.number).toMatch(/^CN-\d{6,}$/);
    // The same request again (a retry): the same refund, nothing more.
    const again = await refund(orderId, {
      destination: 'card',
      idempotency_key: key,
      lines: [{ order_item_id: spinLine.id, amount: 300 }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.refund.number).toBe(firstData.refund.number);
    expect(await refundRows(orderId)).toHaveLength(1);
    const [stillBooked] = await t.db.select().from(bookings).where(eq(bookings.id, spinLine.bookingId!));
    expect(stillBooked!.status).toBe('booked');

    // The rest of the line: the booking is cancelled, its place freed, the waitlist told.
    const rest = await refund(orderId, {
      destination: 'card',
      lines: [{ order_item_id: spinLine.id, amount: 350 }],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.bookings_cancelled).toBe(1);
    expect(rest.json().data.order.lines[0]).toMatchObject({
      refundable: { raw: 0 },
      booking_status: 'cancelled',
    });
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, spinLine.bookingId!));
    expect(cancelled!.status).toBe('cancelled');
    const [freed] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, spin.id));
    expect(freed!.bookedCount).toBe(0);

    // More than is left on the line: refused, nothing changes.
    const over = await refund(orderId, {
      destination: 'card',
      lines: [{ order_item_id: spinLine.id, amount: 1 }],
    });
    expect([over.statusCode, over.json().message]).toEqual([422, REFUND_TEXTS.moreThanPaid('Spin', '£0.00')]);
    expect(await refundRows(orderId)).toHaveLength(2);

    // The card-refund jobs sent in the refunds' transactions: the provider asked once each, never again.
    await app.jobs.runDueJobs();
    await app.jobs.runDueJobs();
    expect(refundCalls).toBe(2);
    const rows = await refundRows(orderId);
    expect(rows.map((r) => [r.amount, r.status, r.destination, r.tender])).toEqual([
      [300, 'succeeded', 'card', 'card'],
      [350, 'succeeded', 'card', 'card'],
    ]);
    const [intent] = await t.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.chargeId, rows[0]!.providerChargeId!));
    expect(intent!.refundedAmount).toBe(650);

    // The member's mails, the waitlist's, and the audit: who, why and the money per tender.
    const mails = await outbox(app);
    const theirs = mails.filter((m) => m.to === customer.email && m.subject === `Refund on order ${orderId}`);
    expect(theirs).toHaveLength(2);
    const second = theirs.find((m) => m.text.includes('£3.50 to your card'));
    expect(second!.text).toContain('These bookings are cancelled:');
    expect(theirs.find((m) => m.text.includes('£3.00 to your card'))!.text).not.toContain('cancelled:');
    expect(mails.some((m) => m.to === waiting.email)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refunded'), eq(auditLog.entityId, String(orderId))));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      staffId: manager.staff.id,
      after: expect.objectContaining({
        reason: 'The class was moved without notice.',
        total: 300,
        money: [expect.objectContaining({ tender: 'card', destination: 'card', amount: 300 })],
      }),
    });

    // The member's order history and order page show the refunds; the credit note downloads for them only.
    const history = await app.inject({ method: 'GET', url: '/api/orders', headers: who.headers });
    expect(history.json().data.orders[0]).toMatchObject({ id: orderId, refunded: '£6.50' });
    const page = await app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: who.headers });
    const shown = page.json().data;
    expect(
      shown.refunds.map((r: { credit_note: string; amount: { raw: number } }) => [
        r.credit_note,
        r.amount.raw,
      ]),
    ).toEqual([
      [firstData.refund.number, 300],
      [rest.json().data.refund.number, 350],
    ]);
    const note = await app.inject({
      method: 'GET',
      url: `/api/my-account/orders/${shown.uuid}/credit-notes/${shown.refunds[0].credit_note_id}`,
      headers: who.headers,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data.name).toBe(`credit-note-${firstData.refund.number}.pdf`);
    const noteText = await pdfText(Buffer.from(note.json().data.contents, 'base64'));
    expect(noteText).toContain('Credit note');
    expect(noteText).toContain(firstData.refund.number);
    expect(noteText).toContain('£3.00');
    expect(noteText).toContain('The class was moved without notice.');
    const stranger = await createCustomer(t.db, { clientId: client.id, firstName: 'Sam' });
    const notTheirs = await app.inject({
      method: 'GET',
      url: `/api/my-account/orders/${shown.uuid}/credit-notes/${shown.refunds[0].credit_note_id}`,
      headers: (await sessionFor(t.db, stranger.id)).headers,
    });
    expect(notTheirs.statusCode).toBe(404);
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/my-account/orders/${shown.uuid}/receipt`,
      headers: who.headers,
    });
    const receiptText = await pdfText(Buffer.from(receipt.json().data.contents, 'base64'));
    expect(receiptText).toContain('Refunds');
    expect(receiptText).toContain(`Credit note ${firstData.refund.number}`);
  });

  it('gives credit spent on a line back to credit, as the kinds it was spent as', async () => {
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(40), name: 'Swim' });
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Cara',
      homeVenueId: venue.id,
    });
    const { order, items } = await createOrder(t.db, {
      customerId: customer.id,
      total: 650,
      paymentType: 'Credit',
      lines: [{ kind: 'activity', name: 'Swim', price: 650, activitySessionId: session.id }],
      payments: [{ tenderType: 'credit', amount: 650 }],
    });
    const booking = await createBooking(t.db, {
      customerId: customer.id,
      sessionId: session.id,
      orderId: order.id,
      price: 650,
    });
    await t.db.update(orderItems).set({ bookingId: booking.id }).where(eq(orderItems.id, items[0]!.id));
    await t.db.insert(creditTransactions).values([
      { customerId: customer.id, kind: 'membership', amount: 1000, reason: 'Membership credit' },
      { customerId: customer.id, kind: 'membership', amount: -400, orderId: order.id },
      { customerId: customer.id, kind: 'general', amount: 250, reason: 'Goodwill' },
      { customerId: customer.id, kind: 'general', amount: -250, orderId: order.id },
    ]);
    const before = {
      membership: await balance(customer.id, 'membership'),
      general: await balance(customer.id, 'general'),
    };

    // Nothing was paid by card: the card cannot take it back.
    const toCard = await refund(order.id, {
      destination: 'card',
      lines: [{ order_item_id: items[0]!.id, amount: 650 }],
    });
    expect([toCard.statusCode, toCard.json().message]).toEqual([
      422,
      REFUND_TEXTS.moreThanTender('card', '£0.00'),
    ]);
    const done = await refund(order.id, {
      destination: 'credit',
      lines: [{ order_item_id: items[0]!.id, amount: 650 }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ refund: { status: 'succeeded' }, bookings_cancelled: 1 });
    expect(await balance(customer.id, 'membership')).toBe(before.membership + 400);
    expect(await balance(customer.id, 'general')).toBe(before.general + 250);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
  });

  it('hands back cash at the desk: front desk up to its limit and only cash, never more than cash paid', async () => {
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Dan',
      homeVenueId: venue.id,
    });
    const { order, items } = await createOrder(t.db, {
      customerId: customer.id,
      total: 4000,
      paymentType: 'Cash',
      lines: [
        { kind: 'other', name: 'Swim lessons', price: 3000 },
        { kind: 'other', name: 'Towel', price: 1000 },
      ],
      payments: [{ tenderType: 'cash', amount: 4000 }],
    });
    const [lessons, towel] = items;
    const byDesk = await refund(
      order.id,
      { destination: 'cash', lines: [{ order_item_id: towel!.id, amount: 1000 }] },
      desk.headers,
    );
    expect(byDesk.statusCode, byDesk.body).toBe(200);
    expect(byDesk.json().data.refund).toMatchObject({
      destination: 'cash',
      status: 'succeeded',
      amount: { raw: 1000 },
    });
    const deskOverLimit = await refund(
      order.id,
      { destination: 'cash', lines: [{ order_item_id: lessons!.id, amount: 2500 }] },
      desk.headers,
    );
    expect([deskOverLimit.statusCode, deskOverLimit.json().message]).toEqual([
      403,
      REFUND_TEXTS.cashLimit('£20.00'),
    ]);
    const deskToCredit = await refund(
      order.id,
      { destination: 'credit', lines: [{ order_item_id: lessons!.id, amount: 500 }] },
      desk.headers,
    );
    expect([deskToCredit.statusCode, deskToCredit.json().message]).toEqual([403, REFUND_TEXTS.notAllowed]);
    // A manager: the rest of the lessons in cash.
    const byManager = await refund(order.id, {
      destination: 'cash',
      lines: [{ order_item_id: lessons!.id, amount: 3000 }],
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
    const rows = await refundRows(order.id);
    expect(rows.map((r) => [r.orderItemId, r.tender, r.destination, r.amount])).toEqual([
      [towel!.id, 'cash', 'cash', 1000],
      [lessons!.id, 'cash', 'cash', 3000],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refunded'), eq(auditLog.entityId, String(order.id))));
    expect(audit.map((a) => a.staffId)).toEqual([desk.staff.id, manager.staff.id]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Bea',
      homeVenueId: venue.id,
    });
    const { order, items } = await createOrder(t.db, {
      customerId: customer.id,
      total: 1000,
      paymentType: 'Cash',
      lines: [{ kind: 'other', name: 'Court hire', price: 1000 }],
      payments: [{ tenderType: 'cash', amount: 1000 }],
    });
    const other = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Oli',
      homeVenueId: venue.id,
    });
    const { items: otherItems } = await createOrder(t.db, {
      customerId: other.id,
      total: 500,
      lines: [{ kind: 'other', name: 'Towel', price: 500 }],
      payments: [{ tenderType: 'cash', amount: 500 }],
    });
    const away = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Ava',
      homeVenueId: elsewhere.id,
    });
    const { order: awayOrder, items: awayItems } = await createOrder(t.db, {
      customerId: away.id,
      total: 500,
      lines: [{ kind: 'other', name: 'Towel', price: 500 }],
      payments: [{ tenderType: 'cash', amount: 500 }],
    });
    const otherClient = await createClient(t.db);
    const foreign = await createCustomer(t.db, { clientId: otherClient.id, firstName: 'Fay' });
    const { order: foreignOrder, items: foreignItems } = await createOrder(t.db, {
      customerId: foreign.id,
      total: 500,
      lines: [{ kind: 'other', name: 'Towel', price: 500 }],
      payments: [{ tenderType: 'cash', amount: 500 }],
    });
    const line = (amount: number) => [{ order_item_id: items[0]!.id, amount }];

    const moreThanPaid = await refund(order.id, { destination: 'cash', lines: line(1001) });
    expect([moreThanPaid.statusCode, moreThanPaid.json().message]).toEqual([
      422,
      REFUND_TEXTS.moreThanPaid('Court hire', '£10.00'),
    ]);
    const notOnOrder = await refund(order.id, {
      destination: 'cash',
      lines: [{ order_item_id: otherItems[0]!.id, amount: 100 }],
    });
    expect([notOnOrder.statusCode, notOnOrder.json().message]).toEqual([422, REFUND_TEXTS.lineNotOnOrder]);
    const zero = await refund(order.id, { destination: 'cash', lines: line(0) });
    expect(zero.statusCode).toBe(422);
    expect(zero.body).toContain(REFUND_TEXTS.amountPositive);
    const negative = await refund(order.id, { destination: 'cash', lines: line(-100) });
    expect(negative.statusCode).toBe(422);
    const noReason = await refund(order.id, { destination: 'cash', lines: line(100), reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body).toContain(REFUND_TEXTS.reasonRequired);
    const twice = await refund(order.id, {
      destination: 'cash',
      lines: [...line(100), ...line(100)],
    });
    expect([twice.statusCode, twice.json().message]).toEqual([422, REFUND_TEXTS.duplicateLine]);
    // Outside the staff member's venues, or another operator's: as if absent.
    const outside = await refund(awayOrder.id, {
      destination: 'cash',
      lines: [{ order_item_id: awayItems[0]!.id, amount: 100 }],
    });
    expect([outside.statusCode, outside.json().message]).toEqual([404, REFUND_TEXTS.orderNotFound]);
    const outsideList = await app.inject({
      method: 'GET',
      url: `/api/staff/members/${away.id}/orders`,
      headers: manager.headers,
    });
    expect(outsideList.statusCode).toBe(404);
    const otherOperator = await refund(
      foreignOrder.id,
      { destination: 'cash', lines: [{ order_item_id: foreignItems[0]!.id, amount: 100 }] },
      admin.headers,
    );
    expect(otherOperator.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/refunds`,
      headers: csrfHeaders(),
      payload: { idempotency_key: randomUUID(), destination: 'cash', reason: 'Because.', lines: line(100) },
    });
    expect(anonymous.statusCode).toBe(401);

    expect(await t.db.select().from(refunds).where(eq(refunds.customerId, customer.id))).toEqual([]);
    expect(await t.db.select().from(staffRefunds).where(eq(staffRefunds.customerId, customer.id))).toEqual(
      [],
    );
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.refunded'), eq(auditLog.entityId, String(order.id)))),
    ).toEqual([]);
  });

  it('refunds once when the same request comes twice at once, or two staff refund the same line at once', async () => {
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Pip',
      homeVenueId: venue.id,
    });
    const { order, items } = await createOrder(t.db, {
      customerId: customer.id,
      total: 2000,
      paymentType: 'Cash',
      lines: [
        { kind: 'other', name: 'Court hire', price: 1000 },
        { kind: 'other', name: 'Racket hire', price: 1000 },
      ],
      payments: [{ tenderType: 'cash', amount: 2000 }],
    });
    const key = randomUUID();
    const body = {
      destination: 'cash' as const,
      idempotency_key: key,
      lines: [{ order_item_id: items[0]!.id, amount: 1000 }],
    };
    const same = await Promise.all([refund(order.id, body), refund(order.id, body, admin.headers)]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(same[0]!.json().data.refund.number).toBe(same[1]!.json().data.refund.number);
    expect(await t.db.select().from(staffRefunds).where(eq(staffRefunds.orderId, order.id))).toHaveLength(1);

    const both = await Promise.all([
      refund(order.id, { destination: 'cash', lines: [{ order_item_id: items[1]!.id, amount: 1000 }] }),
      refund(
        order.id,
        { destination: 'cash', lines: [{ order_item_id: items[1]!.id, amount: 1000 }] },
        admin.headers,
      ),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await refundRows(order.id);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(2000);
    // The same key on another order is not a refund of that order.
    const { order: second, items: secondItems } = await createOrder(t.db, {
      customerId: customer.id,
      total: 500,
      lines: [{ kind: 'other', name: 'Towel', price: 500 }],
      payments: [{ tenderType: 'cash', amount: 500 }],
    });
    const reused = await refund(second.id, {
      destination: 'cash',
      idempotency_key: key,
      lines: [{ order_item_id: secondItems[0]!.id, amount: 500 }],
    });
    expect([reused.statusCode, reused.json().message]).toEqual([409, REFUND_TEXTS.keyReused]);
  });

  it("counts a cancelled session's refund against the line: what it gave back cannot be refunded again", async () => {
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(50), name: 'Pilates' });
    const { orderId, items } = await bookByCard([session.id], 'Ivy');
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/staff/sessions/${session.id}/cancel`,
      headers: admin.headers,
      payload: { reason: 'The instructor is ill.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await refund(orderId, {
      destination: 'card',
      lines: [{ order_item_id: items[0]!.id, amount: 650 }],
    });
    expect([again.statusCode, again.json().message]).toEqual([
      422,
      REFUND_TEXTS.moreThanPaid('Pilates', '£0.00'),
    ]);
    expect((await refundRows(orderId)).map((r) => r.amount)).toEqual([650]);
  });
  it('a session cancelled after part of its line was refunded gives back only the rest: never twice', async () => {
    // Two classes on one order, £13.00 on the card: the card alone would cover a second full refund of the first.
    const { session: yoga } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(52),
      name: 'Yoga',
    });
    const { session: spin } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(53),
      name: 'Spin',
    });
    const { orderId, items } = await bookByCard([yoga.id, spin.id], 'Jo');
    const yogaLine = items.find((i) => i.activitySessionId === yoga.id)!;
    const part = await refund(orderId, {
      destination: 'card',
      lines: [{ order_item_id: yogaLine.id, amount: 200 }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/staff/sessions/${yoga.id}/cancel`,
      headers: admin.headers,
      payload: { reason: 'The pool is closed.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // £2.00 by staff, then the £4.50 left by the cancellation: £6.50 in all, what the line cost (it gave £6.50 again,
    // £8.50 for a £6.50 class, because the order's card still held £11.00).
    expect((await refundRows(orderId)).map((r) => r.amount)).toEqual([200, 450]);
    const mail = (await outbox(app)).find((m) => m.subject.startsWith('Cancelled: Yoga'));
    expect(mail?.text).toContain('£4.50 back to your card');
  });
});

describe('with Stripe as the card provider (its stand-in)', () => {
  it("refunds a line through Stripe's refund once, however often the job runs", async () => {
    const standIn = await startStripeStandIn();
    afterAll(() => standIn.close());
    const stripeApp = await t.buildTestApp(stripeAgainstStandIn(standIn.port), {
      jobs: { start: true, workers: false },
    });
    const { session } = await createSession(t.db, { venueId: venue.id, startsAt: at(60), name: 'Boxing' });
    const customer = await createCustomer(t.db, {
      clientId: client.id,
      firstName: 'Stella',
      homeVenueId: venue.id,
    });
    const who = await login(stripeApp, customer);
    const added = await stripeApp.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { items: [{ type: 'activity', id: session.id }] },
    });
    const card = await standIn.createPaymentMethod('succeed', {
      name: 'Stella Card',
      line1: '1 High Street',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
    });
    const paid = await stripeApp.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: who.headers,
      payload: {
        terms: true,
        cart_version: added.json().data.version,
        payment_method: { type: 'token', token: card },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.activitySessionId, session.id));
    const done = await stripeApp.inject({
      method: 'POST',
      url: `/api/staff/orders/${item!.orderId}/refunds`,
      headers: admin.headers,
      payload: {
        idempotency_key: randomUUID(),
        destination: 'card',
        reason: 'Charged twice at the desk.',
        lines: [{ order_item_id: item!.id, amount: 400 }],
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    await stripeApp.jobs.runDueJobs();
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, item!.orderId));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, amount: 400 });
    await runCardRefund(
      { db: t.db, payments: stripeApp.payments, log: stripeApp.log, now: () => new Date() },
      row!.id,
    );
    await stripeApp.jobs.runDueJobs();
    expect([...standIn.refunds.values()].map((r) => [r.amount, r.charge])).toEqual([
      [400, row!.providerChargeId],
    ]);
    expect(row!.providerRefundId).toBe([...standIn.refunds.keys()][0]);
    expect(creditNoteNumber(done.json().data.refund.id)).toBe(done.json().data.refund.number);
  });
});
