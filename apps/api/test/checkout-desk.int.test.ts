import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { at, checkoutTestbed, type Rig } from './checkout.fixtures.ts';
import { createSession, staffSessionFor } from './helper.ts';

// `app` is the app of the card provider under test (with `rig`): each describe's beforeAll sets them.
const { t, venue, rigs, ...helpers } = await checkoutTestbed(() => app);
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
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(paid.json().data.order_id)));
    expect(audited).toMatchObject({
      action: 'desk.pay',
      actor: 'Dee Desk',
      after: { tenders: [{ tender_type: 'card', amount: 650, card: order.payments[0].card }] },
    });
  });
});
