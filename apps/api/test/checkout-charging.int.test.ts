import { checkoutReply } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activitySessions, carts, payments } from '../src/db/schema.ts';
import { addDays, instantAt, localDateOf } from '../src/lib/local-date.ts';
import { venueDayMonth } from '../src/lib/venue-time.ts';
import { at, checkoutTestbed, type Rig } from './checkout.fixtures.ts';
import { countingProvider, createCustomer, createSession, csrfHeaders, login } from './helper.ts';

// `app` is the app of the card provider under test (with `rig` and `counting`): each describe's beforeAll sets them.
const { t, client, venue, rigs, ...helpers } = await checkoutTestbed(() => app);
let rig: Rig = rigs.sandbox;
let app: FastifyInstance = rig.app;
let counting = rig.counting;
const { newCustomer, cartOf, addSessions, complete, ordersOf } = helpers;

describe.each(['sandbox', 'stripe'] as const)('checkout (%s card payments)', (provider) => {
  beforeAll(() => {
    rig = rigs[provider];
    app = rig.app;
    counting = rig.counting;
  });

  it('asks for a further check, then completes once the customer approves it', async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), price: 900 });
    const cart = await addSessions(session, s.session.id);
    const token = await rig.card('furtherCheck');
    const before = { ...counting.calls, succeeded: counting.calls.succeeded.length };

    const first = checkoutReply.parse(
      (
        await complete(session, { cart_version: cart.version, payment_method: { type: 'token', token } })
      ).json(),
    ).data;
    expect(first.status).toBe('requires_action');
    if (first.status !== 'requires_action') return;
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect((await cartOf(session)).version).toBe(cart.version);

    // Not approved yet: still waiting.
    const early = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(early.json().data.status).toBe('requires_action');

    await rig.answerCheck(first, true);
    const done = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');
    // Completing again answers the same order without charging.
    const twice = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(twice.json().data.order_id).toBe(done.json().data.order_id);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(counting.calls.succeeded.length - before.succeeded).toBe(1);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, done.json().data.order_id));
    expect(payment).toMatchObject({ tenderType: 'card', amount: 900 });
  });

  it('refuses the payment when the customer fails the further check', async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const cart = await addSessions(session, s.session.id);
    const token = await rig.card('furtherCheck');
    const first = (
      await complete(session, { cart_version: cart.version, payment_method: { type: 'token', token } })
    ).json().data;
    await rig.answerCheck(first, false);
    const response = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(response.statusCode).toBe(402);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    if (provider !== 'sandbox') return;
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/challenges/chal_nope',
      headers: csrfHeaders(),
      payload: { approve: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('completes the same basket twice in parallel as one order and one charge', async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const cart = await addSessions(session, s.session.id);
    const token = await rig.card();
    const before = counting.calls.succeeded.length;
    const body = { cart_version: cart.version, payment_method: { type: 'token', token } };
    const [a, b] = await Promise.all([complete(session, body), complete(session, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.order_id).toBe(b.json().data.order_id);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(counting.calls.succeeded.length - before).toBe(1);
    const [place] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, s.session.id));
    expect(place!.bookedCount).toBe(1);

    // A retry after a new basket was opened still finds the order (with or without the basket id).
    await cartOf(session);
    const retry = await complete(session, body);
    expect(retry.json().data.order_id).toBe(a.json().data.order_id);
    const withId = await complete(session, { ...body, cart_id: cart.id });
    expect(withId.json().data.order_id).toBe(a.json().data.order_id);
    expect(counting.calls.succeeded.length - before).toBe(1);
  });

  it('refuses a session that filled up, naming it, and keeps the whole basket', async () => {
    const { customer, session } = await newCustomer();
    const startsAt = instantAt(addDays(localDateOf(new Date()), 2), { hour: 18, minute: 0 });
    const a = await createSession(t.db, { venueId: venue.id, startsAt, name: 'Spin', capacity: 1 });
    const b = await createSession(t.db, { venueId: venue.id, startsAt: at(40), name: 'Yoga' });
    const cart = await addSessions(session, a.session.id, b.session.id);
    await t.db.update(activitySessions).set({ bookedCount: 1 }).where(eq(activitySessions.id, a.session.id));
    const token = await rig.card();
    const charges = counting.calls.charge;
    const response = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token },
    });
    expect(response.statusCode).toBe(422);
    const message = `Sorry, Spin at 18:00 on ${venueDayMonth(startsAt)} is now full.`;
    expect(message).toMatch(/^Sorry, Spin at 18:00 on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ is now full\.$/);
    expect(response.json()).toEqual({ message, errors: { items: [message] } });
    expect(counting.calls.charge).toBe(charges);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect((await cartOf(session)).items).toHaveLength(2);
  });

  it('refunds the charge and logs the failure when the order cannot be written after the card was charged', async () => {
    const logged: string[] = [];
    const sabotage = countingProvider();
    const failing = await t.buildTestApp(rig.overrides, {
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
      wrapPaymentProvider: (inner) => {
        const wrapped = sabotage.wrap(inner);
        return {
          ...wrapped,
          async charge(request, context) {
            const result = await wrapped.charge(request, context);
            // Someone else takes the place between the charge and the order: the capacity constraint fails.
            await context!
              .db!.update(activitySessions)
              .set({ capacity: sql`${activitySessions.bookedCount}` });
            return result;
          },
        };
      },
    });
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await login(failing, customer);
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const added = await failing.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { items: [{ id: s.session.id, type: 'activity' }] },
    });
    const cart = added.json().data;
    const token = await rig.card('success', failing);
    const response = await failing.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: who.headers,
      payload: { terms: true, cart_version: cart.version, payment_method: { type: 'token', token } },
    });
    expect(response.statusCode).toBe(500);
    expect(sabotage.calls).toMatchObject({ charge: 1, refund: 1 });
    expect(logged.join('\n')).toContain(
      'Checkout failed after the card was charged; the charge was refunded',
    );
    expect(await ordersOf(customer.id)).toHaveLength(0);
    const [open] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(open!.status).toBe('open');
    await t.db.update(activitySessions).set({ capacity: 20 });
  });
});
