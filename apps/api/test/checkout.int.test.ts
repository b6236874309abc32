import {
  BASKET_CHANGED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_REQUIRED_MESSAGE,
  CARD_TEXTS,
  type Cart,
  cartReply,
  checkoutReply,
  EMPTY_BASKET_MESSAGE,
  orderReply,
  SANDBOX_CARDS,
  savedCardsReply,
  TERMS_REQUIRED_MESSAGE,
} from '@fieldhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activitySessions,
  auditLog,
  benefitUsages,
  bookings,
  carts,
  creditTransactions,
  orders,
  payments,
  penalties,
  waitlistEntries,
} from '../src/db/schema.ts';
import { addDays, instantAt, localDateOf } from '../src/lib/local-date.ts';
import { venueDayMonth } from '../src/lib/venue-time.ts';
import {
  cardToken,
  countingProvider,
  createClient,
  createCredit,
  createCustomer,
  createLoggedInCustomer,
  createMembershipWithBenefit,
  createPenalty,
  createSession,
  createTerms,
  createVenue,
  createWaitlistEntry,
  csrfHeaders,
  login,
  outbox,
  type Session,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
} from './stripe-stand-in.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
await createTerms(t.db, { clientId: client.id });

// Every test runs against both card providers: the sandbox, and Stripe through its adapter and the local stand-in
// (decision 036). What differs is how the browser side makes a card and answers the further check.
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
type CardKind = keyof typeof SANDBOX_CARDS;
type Rig = {
  overrides: Parameters<typeof t.buildTestApp>[0];
  app: FastifyInstance;
  counting: ReturnType<typeof countingProvider>;
  /** The card the browser's card form makes (sandbox: a token; Stripe: a PaymentMethod from Stripe.js). */
  card(kind?: CardKind, on?: FastifyInstance): Promise<string>;
  /** The cardholder's answer to the further check (sandbox: its challenge call; Stripe: Stripe.js's 3-D Secure). */
  answerCheck(reply: { payment_intent_id: string; challenge_id: string }, approve: boolean): Promise<void>;
};
const STRIPE_KINDS = {
  success: 'succeed',
  mastercard: 'mastercard',
  declined: 'decline',
  furtherCheck: 'authenticate',
} as const;
async function makeRig(provider: 'sandbox' | 'stripe'): Promise<Rig> {
  const overrides: Rig['overrides'] =
    provider === 'sandbox'
      ? {}
      : {
          paymentProvider: 'stripe',
          stripe: {
            secretKey: STAND_IN_SECRET_KEY,
            publishableKey: STAND_IN_PUBLISHABLE_KEY,
            webhookSecret: STAND_IN_WEBHOOK_SECRET,
            live: false,
            apiBase: { protocol: 'http', host: '127.0.0.1', port: standIn.port },
          },
        };
  const counting = countingProvider();
  const built = await t.buildTestApp(overrides, { wrapPaymentProvider: counting.wrap });
  if (provider === 'sandbox') {
    return {
      overrides,
      app: built,
      counting,
      card: (kind = 'success', on = built) => cardToken(on, SANDBOX_CARDS[kind]),
      async answerCheck(reply, approve) {
        const response = await built.inject({
          method: 'POST',
          url: `/api/payments/sandbox/challenges/${reply.challenge_id}`,
          headers: csrfHeaders(),
          payload: { approve },
        });
        expect(response.json()).toEqual({ data: { status: approve ? 'succeeded' : 'failed' } });
      },
    };
  }
  const billing = { name: 'Alex Morgan', line1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA' };
  return {
    overrides,
    app: built,
    counting,
    card: async (kind = 'success') => standIn.createPaymentMethod(STRIPE_KINDS[kind], billing),
    async answerCheck(reply, approve) {
      expect(reply.challenge_id).toBe(standIn.intents.get(reply.payment_intent_id)?.client_secret);
      standIn.completeAuthentication(reply.payment_intent_id, approve);
    },
  };
}
const rigs = { sandbox: await makeRig('sandbox'), stripe: await makeRig('stripe') };
let rig: Rig = rigs.sandbox;
let app: FastifyInstance = rig.app;
let counting = rig.counting;
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

const newCustomer = () => createLoggedInCustomer(app, t.db, { clientId: client.id });
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const cartOf = async (who: Session) =>
  cartReply.parse((await call(who, 'GET', '/api/cart')).json()).data as Cart;
async function addSessions(who: Session, ...ids: number[]) {
  const response = await call(who, 'POST', '/api/cart/add', {
    items: ids.map((id) => ({ id, type: 'activity' })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return cartReply.parse(response.json()).data as Cart;
}
const complete = (
  who: Session,
  body: Record<string, unknown>,
  url = '/api/checkout/complete',
  headers = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...headers },
    payload: { terms: true, ...body },
  });
const ordersOf = (customerId: number) => t.db.select().from(orders).where(eq(orders.customerId, customerId));

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

  // Sandbox tokens have owners; Stripe's PaymentMethods attached to another customer: stripe.int.test.ts.
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
