import { cartReply } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefitUsages, bookings, creditTransactions, waitlistEntries } from '../src/db/schema.ts';
import { at, checkoutTestbed, type Rig } from './checkout.fixtures.ts';
import { createCredit, createMembershipWithBenefit, createSession, createWaitlistEntry } from './helper.ts';

// `app` is the app of the card provider under test (with `rig` and `counting`): each describe's beforeAll sets them.
const { t, client, venue, rigs, ...helpers } = await checkoutTestbed(() => app);
let rig: Rig = rigs.sandbox;
let app: FastifyInstance = rig.app;
let counting = rig.counting;
const { newCustomer, call, cartOf, addSessions, complete } = helpers;

describe.each(['sandbox', 'stripe'] as const)('checkout (%s card payments)', (provider) => {
  beforeAll(() => {
    rig = rigs[provider];
    app = rig.app;
    counting = rig.counting;
  });

  it('records credit spent as a negative credit transaction, and needs no card when credit pays it all', async () => {
    const { customer, session } = await newCustomer();
    await createCredit(t.db, { customerId: customer.id, amount: 1000, expiresAt: at(24 * 90) });
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Spin', price: 650 });
    const cart = await addSessions(session, s.session.id);
    const tooMuch = await complete(session, {
      cart_version: cart.version,
      payments: [{ tender_type: 'credit', amount: 700 }],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.payments).toEqual(['You can use at most £6.50 of credit on this basket.']);

    const charges = counting.calls.charge;
    const response = await complete(session, {
      cart_version: cart.version,
      payments: [{ tender_type: 'credit', amount: 650 }],
    });
    expect(response.statusCode).toBe(200);
    const orderId = response.json().data.order_id;
    expect(counting.calls.charge).toBe(charges);
    const order = (await call(session, 'GET', `/api/orders/${orderId}`)).json().data;
    expect(order).toMatchObject({
      payment_type: 'Credit',
      payments: [{ tender_type: 'credit', amount: { raw: 650 }, card: null }],
    });
    const ledger = await t.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.customerId, customer.id), eq(creditTransactions.orderId, orderId)));
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'general',
        amount: -650,
        reason: 'Used at checkout',
        relatedItem: 'Spin',
        location: 'Leeds Central',
      }),
    ]);
    const user = (await call(session, 'GET', '/api/auth/user')).json().data;
    expect(user.credit.balance.raw).toBe(350);
  });

  it('splits credit and card', async () => {
    const { customer, session } = await newCustomer();
    await createCredit(t.db, { customerId: customer.id, amount: 200 });
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 650 });
    const cart = await addSessions(session, s.session.id);
    await call(session, 'PUT', '/api/cart/payments', { payments: [{ tender_type: 'credit', amount: 200 }] });
    const withCredit = await cartOf(session);
    expect(withCredit.totals.total_to_pay.raw).toBe(450);
    const token = await rig.card('mastercard');
    const response = await complete(session, {
      cart_version: withCredit.version,
      payment_method: { type: 'token', token },
    });
    expect(response.statusCode).toBe(200);
    const order = (await call(session, 'GET', `/api/orders/${response.json().data.order_id}`)).json().data;
    expect(order.payment_type).toBe('Card and credit');
    expect(order.payments).toEqual([
      { tender_type: 'card', amount: { raw: 450, formatted: '£4.50' }, card: 'Mastercard ending in 4444' },
      { tender_type: 'credit', amount: { raw: 200, formatted: '£2.00' }, card: null },
    ]);
    void cart;
  });

  it('takes credit stored on the basket only as far as it still fits', async () => {
    const { customer, session } = await newCustomer();
    await createCredit(t.db, { customerId: customer.id, amount: 5000 });
    const a = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 650 });
    const b = await createSession(t.db, { venueId: venue.id, startsAt: at(31), price: 450 });
    const cart = await addSessions(session, a.session.id, b.session.id);
    await call(session, 'PUT', '/api/cart/payments', { payments: [{ tender_type: 'credit', amount: 1100 }] });
    const smaller = cartReply.parse(
      (await call(session, 'POST', '/api/cart/remove', { cart_item_ids: [cart.items[1]!.id] })).json(),
    ).data;
    expect(smaller.totals).toMatchObject({ credit_applied: { raw: 650 }, total_to_pay: { raw: 0 } });
    const response = await complete(session, { cart_version: smaller.version });
    expect(response.statusCode).toBe(200);
    const ledger = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.orderId, response.json().data.order_id));
    expect(ledger.map((l) => l.amount)).toEqual([-650]);
  });

  it('uses a membership benefit (free) and records the use; the waitlist entry becomes booked', async () => {
    const { customer, session } = await newCustomer();
    const { benefit } = await createMembershipWithBenefit(t.db, {
      clientId: client.id,
      customerId: customer.id,
      venueId: venue.id,
    });
    const swim = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(30),
      name: 'Lane Swimming',
      category: 'Aquatics',
      price: 450,
    });
    await createWaitlistEntry(t.db, { customerId: customer.id, sessionId: swim.session.id });
    const cart = await addSessions(session, swim.session.id);
    expect(cart.totals.total.raw).toBe(0);
    const response = await complete(session, { cart_version: cart.version });
    expect(response.statusCode).toBe(200);
    const orderId = response.json().data.order_id;
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.orderId, orderId));
    expect(booking!.price).toBe(0);
    const usages = await t.db.select().from(benefitUsages).where(eq(benefitUsages.bookingId, booking!.id));
    expect(usages).toEqual([expect.objectContaining({ benefitId: benefit.id, returnedAt: null })]);
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.customerId, customer.id));
    expect(entry!.status).toBe('booked');
    expect((await call(session, 'GET', `/api/orders/${orderId}`)).json().data.payment_type).toBe('Free');
  });
});
