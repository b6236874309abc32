import {
  BASKET_CHANGED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_REQUIRED_MESSAGE,
  CARD_TEXTS,
  cartReply,
  checkoutReply,
  EMPTY_BASKET_MESSAGE,
  orderReply,
  savedCardsReply,
  TERMS_REQUIRED_MESSAGE,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activitySessions, bookings, carts, penalties } from '../src/db/schema.ts';
import { at, checkoutTestbed, type Rig } from './checkout.fixtures.ts';
import { createPenalty, createSession, outbox } from './helper.ts';

// `app` is the app of the card provider under test (with `rig` and `counting`): each describe's beforeAll sets them.
const { t, venue, rigs, ...helpers } = await checkoutTestbed(() => app);
let rig: Rig = rigs.sandbox;
let app: FastifyInstance = rig.app;
let counting = rig.counting;
const { newCustomer, call, cartOf, addSessions, complete, ordersOf } = helpers;

describe.each(['sandbox', 'stripe'] as const)('checkout (%s card payments)', (provider) => {
  beforeAll(() => {
    rig = rigs[provider];
    app = rig.app;
    counting = rig.counting;
  });

  it('completes a card payment: order, booking, place, payment, saved card, mail and a fresh basket', async () => {
    const { customer, session } = await newCustomer();
    const spin = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Spin', price: 650 });
    const cart = await addSessions(session, spin.session.id);
    const token = await rig.card();
    const charges = counting.calls.charge;

    const response = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token, save_card: true },
    });
    expect(response.statusCode).toBe(200);
    const reply = checkoutReply.parse(response.json()).data;
    expect(reply.status).toBe('completed');
    if (reply.status !== 'completed') return;
    expect(counting.calls.charge).toBe(charges + 1);

    const order = orderReply.parse((await call(session, 'GET', `/api/orders/${reply.order_id}`)).json()).data;
    expect(order).toMatchObject({
      id: reply.order_id,
      uuid: reply.order_uuid,
      total: { raw: 650, formatted: '£6.50' },
      payment_type: 'Card',
      payments: [{ tender_type: 'card', amount: { raw: 650 }, card: 'Visa ending in 4242' }],
      items: [
        {
          type: 'activity',
          name: 'Spin',
          price: { raw: 650 },
          venue_name: 'Leeds Central',
          location_name: 'Studio 1',
        },
      ],
    });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.orderId, reply.order_id));
    expect(booking).toMatchObject({ status: 'booked', price: 650, customerId: customer.id });
    expect(order.items[0]!.booking_id).toBe(booking!.id);
    const [place] = await t.db
      .select()
      .from(activitySessions)
      .where(eq(activitySessions.id, spin.session.id));
    expect(place!.bookedCount).toBe(1);

    const [done] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(done).toMatchObject({
      status: 'completed',
      completeOrderId: reply.order_id,
      version: cart.version,
    });
    const fresh = await cartOf(session);
    expect(fresh.id).not.toBe(cart.id);
    expect(fresh.items).toEqual([]);

    const saved = savedCardsReply.parse(
      (await call(session, 'GET', '/api/my-account/saved-cards')).json(),
    ).data;
    expect(saved).toEqual([
      expect.objectContaining({
        brand: 'Visa',
        last_four_digits: '4242',
        expiry_date: '12/39',
        expired: false,
        post_code: 'LS1 1AA',
      }),
    ]);
    const mail = await outbox(app, customer.email);
    expect(mail[0]!.subject).toBe(`Booking confirmed (order ${reply.order_id})`);
    expect(mail[0]!.text).toContain('Spin');

    // The saved card pays the next basket.
    const yoga = await createSession(t.db, { venueId: venue.id, startsAt: at(32), name: 'Yoga', price: 700 });
    const next = await addSessions(session, yoga.session.id);
    const again = await complete(session, {
      cart_version: next.version,
      payment_method: { type: 'saved_card', saved_card_id: saved[0]!.id },
    });
    expect(again.json().data.status).toBe('completed');
    expect(await ordersOf(customer.id)).toHaveLength(2);
  });

  it('needs the terms, a card for what is left to pay, a basket with items, and the version seen', async () => {
    const { customer, session } = await newCustomer();
    const empty = await cartOf(session);
    const emptyReply = await complete(session, { cart_version: empty.version });
    expect(emptyReply.statusCode).toBe(422);
    expect(emptyReply.json().message).toBe(EMPTY_BASKET_MESSAGE);

    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const cart = await addSessions(session, s.session.id);
    const token = await rig.card();
    const charges = counting.calls.charge;

    const noTerms = await complete(session, {
      terms: false,
      cart_version: cart.version,
      payment_method: { type: 'token', token },
    });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json()).toEqual({
      message: TERMS_REQUIRED_MESSAGE,
      errors: { terms: [TERMS_REQUIRED_MESSAGE] },
    });

    const noCard = await complete(session, { cart_version: cart.version });
    expect(noCard.statusCode).toBe(422);
    expect(noCard.json().errors.payment_method).toEqual([CARD_REQUIRED_MESSAGE]);

    const stale = await complete(session, {
      cart_version: cart.version - 1,
      payment_method: { type: 'token', token },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: BASKET_CHANGED_MESSAGE });

    expect(counting.calls.charge).toBe(charges);
    expect(await ordersOf(customer.id)).toHaveLength(0);
  });

  it('leaves the basket as it was when the card is declined (402, no order)', async () => {
    const { customer, session } = await newCustomer();
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
    const cart = await addSessions(session, s.session.id);
    const declined = await rig.card('declined');
    const response = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: declined },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: CARD_DECLINED_MESSAGE });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    const after = await cartOf(session);
    expect(after).toMatchObject({ id: cart.id, version: cart.version, complete_order_id: null });
    expect(after.items.map((i) => i.id)).toEqual(cart.items.map((i) => i.id));
    const [place] = await t.db.select().from(activitySessions).where(eq(activitySessions.id, s.session.id));
    expect(place!.bookedCount).toBe(0);

    // Another card then pays the same basket version.
    const good = await rig.card();
    const retry = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: good },
    });
    expect(retry.json().data.status).toBe('completed');
  });

  // Sandbox tokens have owners; Stripe's PaymentMethods attached to another customer: stripe-checkout.int.test.ts.
  it.runIf(provider === 'sandbox')(
    "refuses another customer's card token as an invalid card and charges nothing",
    async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      // Made while the owner is logged in: the token is the owner's.
      const made = await app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokens',
        headers: owner.session.headers,
        payload: {
          cardholder_name: 'Alex Morgan',
          card_number: '4242 4242 4242 4242',
          expiry_date: '12/39',
          security_code: '123',
          billing_first_name: 'Alex',
          billing_last_name: 'Morgan',
          billing_address_line_one: '1 High Street',
          billing_city: 'Leeds',
          billing_postcode: 'LS1 1AA',
        },
      });
      expect(made.statusCode).toBe(200);
      const ownersToken = made.json().data.token as string;
      // Made without a session: the first customer to pay with it keeps it.
      const loose = await rig.card();

      const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30) });
      const charges = counting.calls.succeeded.length;
      const cart = await addSessions(other.session, s.session.id);
      const refused = await complete(other.session, {
        cart_version: cart.version,
        payment_method: { type: 'token', token: ownersToken },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.payment_method).toEqual([CARD_TEXTS.number]);
      expect(await ordersOf(other.customer.id)).toHaveLength(0);
      expect(counting.calls.succeeded.length).toBe(charges);

      // The owner pays with it; the loose token is claimed by the other customer's payment.
      const ownCart = await addSessions(owner.session, s.session.id);
      const paid = await complete(owner.session, {
        cart_version: ownCart.version,
        payment_method: { type: 'token', token: ownersToken },
      });
      expect(paid.json().data.status).toBe('completed');
      const otherCart = await cartOf(other.session);
      const claimed = await complete(other.session, {
        cart_version: otherCart.version,
        payment_method: { type: 'token', token: loose },
      });
      expect(claimed.json().data.status).toBe('completed');
      const s2 = await createSession(t.db, { venueId: venue.id, startsAt: at(31) });
      const ownerAgain = await addSessions(owner.session, s2.session.id);
      const reused = await complete(owner.session, {
        cart_version: ownerAgain.version,
        payment_method: { type: 'token', token: loose },
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.payment_method).toEqual([CARD_TEXTS.number]);
    },
  );

  it('pays a fee and marks it paid', async () => {
    const { customer, session } = await newCustomer();
    const fee = await createPenalty(t.db, { customerId: customer.id, venueId: venue.id, amount: 500 });
    const cart = cartReply.parse(
      (await call(session, 'POST', '/api/cart/add', { items: [{ id: fee.id, type: 'penalty' }] })).json(),
    ).data;
    const token = await rig.card();
    const response = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token },
    });
    expect(response.statusCode).toBe(200);
    const [paid] = await t.db.select().from(penalties).where(eq(penalties.id, fee.id));
    expect(paid!.status).toBe('paid');
    const order = (await call(session, 'GET', `/api/orders/${response.json().data.order_id}`)).json().data;
    expect(order.items).toEqual([
      expect.objectContaining({ type: 'penalty', name: 'Late cancellation fee', booking_id: null }),
    ]);
  });
});
