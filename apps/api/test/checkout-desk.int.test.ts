import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carts, orders } from '../src/db/schema.ts';
import { at, checkoutTestbed, type Rig } from './checkout.fixtures.ts';
import { createSession, createVenue, staffSessionFor } from './helper.ts';

// `app` is the app of the card provider under test (with `rig`): each describe's beforeAll sets them.
const { t, client, venue, rigs, ...helpers } = await checkoutTestbed(() => app);
let rig: Rig = rigs.sandbox;
let app: FastifyInstance = rig.app;
const { newCustomer, call, addSessions, complete, ordersOf } = helpers;

describe.each(['sandbox', 'stripe'] as const)('checkout (%s card payments)', (provider) => {
  beforeAll(() => {
    rig = rigs[provider];
    app = rig.app;
  });

  it("takes cash only at the desk, for the customer, in the staff console; never from the customer's own session", async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 650 });
    const cart = await addSessions(session, s.session.id);
    const body = {
      source: 'front-of-house',
      cart_version: cart.version,
      payments: [{ tender_type: 'cash', amount: 650 }],
    };
    expect((await complete(session, body)).statusCode).toBe(403);
    expect((await complete(session, body, '/api/pay')).statusCode).toBe(403);
    expect((await complete(session, body, `/api/staff/desk/customers/${customer.id}/pay`)).statusCode).toBe(
      401,
    );
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id], name: 'Dee Desk' });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/staff/desk/customers/${customer.id}/pay`,
      headers: desk.headers,
      payload: { terms: true, ...body },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = (await call(session, 'GET', `/api/orders/${paid.json().data.order_id}`)).json().data;
    expect(order).toMatchObject({
      payment_type: 'Cash',
      payments: [{ tender_type: 'cash', amount: { raw: 650 } }],
    });
    expect(await ordersOf(customer.id)).toHaveLength(1);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(paid.json().data.order_id)));
    expect(audited).toMatchObject({ action: 'desk.pay', actor: 'Dee Desk', staffId: desk.staff.id });
    // Reports count it in the session's venue's takings, taken by this staff member (decision 080).
    const [row] = await t.db.select().from(orders).where(eq(orders.id, paid.json().data.order_id));
    expect(row).toMatchObject({ venueId: venue.id, staffId: desk.staff.id });
  });

  it('takes a card at the desk through the card provider, for the customer, audited with the card', async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 650 });
    const cart = await addSessions(session, s.session.id);
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id], name: 'Dee Desk' });
    // The desk types the card into its own form: the token is made without the customer's session.
    const token = await rig.card();
    const pay = (payment_method: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/desk/customers/${customer.id}/pay`,
        headers: desk.headers,
        payload: { terms: true, source: 'front-of-house', cart_version: cart.version, payment_method },
      });
    const paid = await pay({ type: 'token', token });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = (await call(session, 'GET', `/api/orders/${paid.json().data.order_id}`)).json().data;
    expect(order).toMatchObject({
      payment_type: 'Card',
      payments: [
        { tender_type: 'card', amount: { raw: 650 }, card: expect.stringMatching(/ending in \d{4}$/) },
      ],
    });
    // The same basket version again: the same order, charged once.
    const again = await pay({ type: 'token', token });
    expect(again.json().data.order_id).toBe(paid.json().data.order_id);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    // Written with the order, in the checkout's transaction: the replay answers that order and writes no second
    // entry (issue 41: it was written after the transaction, once per call).
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(paid.json().data.order_id)));
    expect(entries).toHaveLength(1);
    const [audited] = entries;
    expect(audited).toMatchObject({
      action: 'desk.pay',
      actor: 'Dee Desk',
      after: { tenders: [{ tender_type: 'card', amount: 650, card: order.payments[0].card }] },
    });
  });

  it('takes payment only for a basket at the staff member’s venues, as check-in does (issue 41)', async () => {
    const york = await createVenue(t.db, { clientId: client.id, slug: `york-${provider}`, name: 'York Gym' });
    const { customer, session } = await newCustomer();
    const here = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 500 });
    const there = await createSession(t.db, { venueId: york.id, startsAt: at(31), price: 650 });
    const cart = await addSessions(session, here.session.id, there.session.id);
    const leedsDesk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id] });
    const yorkManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [york.id] });
    const bothDesk = await staffSessionFor(t.db, {
      role: 'front_desk',
      venueIds: [venue.id, york.id],
      name: 'Bo Both',
    });
    const pay = (who: { headers: Record<string, string> }) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/desk/customers/${customer.id}/pay`,
        headers: who.headers,
        payload: {
          terms: true,
          source: 'front-of-house',
          cart_version: cart.version,
          payments: [{ tender_type: 'cash', amount: 1150 }],
        },
      });
    // A line at a venue they do not work at: refused as check-in refuses one (404, the same sentence), nothing kept.
    for (const who of [leedsDesk, yorkManager]) {
      const refused = await pay(who);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().message).toBe('That venue is not one you work at');
    }
    expect(await ordersOf(customer.id)).toEqual([]);
    const [open] = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.id, cart.id), eq(carts.status, 'open')));
    expect(open).toMatchObject({ version: cart.version });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'desk.pay'))).not.toContainEqual(
      expect.objectContaining({ after: expect.objectContaining({ customer_id: customer.id }) }),
    );

    // Someone who works at both venues takes it.
    const paid = await pay(bothDesk);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(paid.json().data.order_id)));
    expect(audited).toMatchObject({ action: 'desk.pay', actor: 'Bo Both' });
  });
});
