import {
  BASKET_CHANGED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  CARD_TEXTS,
  type Cart,
  cartReply,
  checkoutReply,
  savedCardsReply,
} from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  carts,
  orders,
  paymentProviderCustomers,
  payments,
  paymentWebhookEvents,
} from '../src/db/schema.ts';
import { buildSiteConfig } from '../src/routes/web/index.ts';
import { PAYMENT_WEBHOOK_JOB } from '../src/services/payments/webhook-events.ts';
import {
  countingProvider,
  createClient,
  createLoggedInCustomer,
  createSession,
  createTerms,
  createVenue,
  outbox,
  type Session,
  setupTestDatabase,
} from './helper.ts';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
} from './stripe-stand-in.ts';

const HOUR = 3_600_000;
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
await createTerms(t.db, { clientId: client.id });
const counting = countingProvider();
const app = await t.buildTestApp(
  {
    paymentProvider: 'stripe',
    stripe: {
      secretKey: STAND_IN_SECRET_KEY,
      publishableKey: STAND_IN_PUBLISHABLE_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      live: false,
      apiBase: { protocol: 'http', host: '127.0.0.1', port: standIn.port },
    },
  },
  { wrapPaymentProvider: counting.wrap, jobs: { start: true, workers: false } },
);
const at = (hours: number) => new Date(Date.now() + hours * HOUR);
const BILLING = { name: 'Alex Morgan', line1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA' };

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
const complete = (who: Session, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: who.headers,
    payload: { terms: true, ...body },
  });
const ordersOf = (customerId: number) => t.db.select().from(orders).where(eq(orders.customerId, customerId));
/** The intents the stand-in holds for one basket version (by the checkout key the provider puts in metadata). */
const intentsFor = (cart: Pick<Cart, 'id' | 'version'>) =>
  [...standIn.intents.values()].filter(
    (pi) =>
      (pi.metadata as Record<string, string>).fieldhouse_checkout_key === `cart-${cart.id}-v${cart.version}`,
  );
const chargesOf = (intentId: string) =>
  [...standIn.charges.values()].filter((c) => c.payment_intent === intentId && c.status === 'succeeded');

/** A basket with one £6.50 session for a new member. */
async function basket(price = 650) {
  const { customer, session } = await newCustomer();
  const s = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Spin', price });
  const cart = await addSessions(session, s.session.id);
  return { customer, session, cart, sessionId: s.session.id };
}

const postWebhook = (body: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
const eventRow = async (eventId: string) =>
  (await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0];

describe('checkout through Stripe (the local stand-in)', () => {
  it('charges the PaymentMethod on one PaymentIntent in pence GBP, saves the card on a Stripe customer', async () => {
    const { customer, session, cart } = await basket();
    const pm = standIn.createPaymentMethod('succeed', BILLING);

    const response = await complete(session, {
      cart_version: cart.version,
      cart_id: cart.id,
      payment_method: { type: 'token', token: pm, save_card: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = checkoutReply.parse(response.json()).data;
    expect(reply.status).toBe('completed');
    if (reply.status !== 'completed') return;

    const [intent, ...others] = intentsFor(cart);
    expect(others).toEqual([]);
    expect(intent).toMatchObject({
      amount: 650,
      currency: 'gbp',
      status: 'succeeded',
      payment_method: pm,
      setup_future_usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    const [link] = await t.db
      .select()
      .from(paymentProviderCustomers)
      .where(eq(paymentProviderCustomers.customerId, customer.id));
    expect(intent!.customer).toBe(link!.providerCustomerId);
    expect((intent!.metadata as Record<string, string>).fieldhouse_customer_id).toBe(String(customer.id));
    // The PaymentIntent was created with the checkout's idempotency key.
    expect(
      standIn.requests.some(
        (r) =>
          r.path === '/v1/payment_intents' &&
          r.idempotencyKey?.startsWith(`cart-${cart.id}-v${cart.version}:`),
      ),
    ).toBe(true);

    const [charge] = chargesOf(String(intent!.id));
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, reply.order_id));
    expect(payment).toMatchObject({
      tenderType: 'card',
      amount: 650,
      providerChargeId: charge!.id,
      cardDescription: 'Visa ending in 4242',
    });

    // Saved: attached to the member's Stripe customer, listed in the account with the billing details.
    expect(standIn.paymentMethods.get(pm)!.customer).toBe(link!.providerCustomerId);
    const saved = savedCardsReply.parse(
      (await call(session, 'GET', '/api/my-account/saved-cards')).json(),
    ).data;
    expect(saved).toEqual([
      expect.objectContaining({
        brand: 'Visa',
        last_four_digits: '4242',
        expiry_date: '12/39',
        post_code: 'LS1 1AA',
      }),
    ]);
    const stripe = app.stripePayments!;
    expect((await stripe.listSavedCards(customer.id)).map((c) => c.ref)).toEqual([pm]);

    // The saved card pays the next basket (no second Stripe customer).
    const yoga = await createSession(t.db, { venueId: venue.id, startsAt: at(40), name: 'Yoga', price: 700 });
    const next = await addSessions(session, yoga.session.id);
    const again = await complete(session, {
      cart_version: next.version,
      payment_method: { type: 'saved_card', saved_card_id: saved[0]!.id },
    });
    expect(again.json().data.status, again.body).toBe('completed');
    expect(intentsFor(next)[0]).toMatchObject({ payment_method: pm, customer: link!.providerCustomerId });
    expect(
      [...standIn.customers.values()].filter(
        (c) => (c.metadata as Record<string, string>).fieldhouse_customer_id === String(customer.id),
      ),
    ).toHaveLength(1);

    // Edited billing details reach Stripe too.
    const edited = await call(session, 'PUT', `/api/my-account/saved-cards/${saved[0]!.id}/update`, {
      first_name: 'Sam',
      last_name: 'Morgan-Lee',
      address_line_1: '2 Park Row',
      address_line_2: 'Flat 3',
      city: 'Leeds',
      post_code: 'ls2 8aa',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(standIn.paymentMethods.get(pm)!.billing_details).toMatchObject({
      name: 'Sam Morgan-Lee',
      address: { line1: '2 Park Row', line2: 'Flat 3', city: 'Leeds', postal_code: 'LS2 8AA', country: 'GB' },
    });

    // Deleting the card detaches it at Stripe: it can no longer be charged.
    const removed = await call(session, 'DELETE', `/api/my-account/saved-cards/${saved[0]!.id}/remove`);
    expect(removed.statusCode).toBe(200);
    expect(standIn.paymentMethods.get(pm)!.customer).toBeNull();
    expect(await stripe.listSavedCards(customer.id)).toEqual([]);
  });

  it('a decline leaves the basket as it was; another card then pays on the same PaymentIntent', async () => {
    const { customer, session, cart } = await basket();
    const declined = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_chargeDeclined' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CARD_DECLINED_MESSAGE);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    const still = await cartOf(session);
    expect(still).toMatchObject({ id: cart.id, version: cart.version });
    expect(still.items).toHaveLength(1);

    const poor = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_chargeDeclinedInsufficientFunds' },
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe(
      'Your card has insufficient funds. No payment has been taken; please try another card.',
    );

    const paid = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_visa' },
    });
    expect(paid.json().data.status, paid.body).toBe('completed');
    const intents = intentsFor(cart);
    expect(intents).toHaveLength(1);
    expect(chargesOf(String(intents[0]!.id))).toHaveLength(1);
  });

  it('saves the card only when the attempt that pays asks for it', async () => {
    const { session, cart } = await basket();
    const declined = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_chargeDeclined', save_card: true },
    });
    expect(declined.statusCode).toBe(402);
    const pm = standIn.createPaymentMethod('succeed', BILLING);
    const paid = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: pm, save_card: false },
    });
    expect(paid.json().data?.status, paid.body).toBe('completed');
    expect(intentsFor(cart)[0]!.setup_future_usage).toBeNull();
    expect(standIn.paymentMethods.get(pm)!.customer).toBeNull();
    expect(
      savedCardsReply.parse((await call(session, 'GET', '/api/my-account/saved-cards')).json()).data,
    ).toEqual([]);
  });

  it('refuses a token that is not a PaymentMethod, and a card attached to another member, as an invalid card', async () => {
    const owner = await basket();
    const pm = standIn.createPaymentMethod('succeed', BILLING);
    const first = await complete(owner.session, {
      cart_version: owner.cart.version,
      payment_method: { type: 'token', token: pm, save_card: true },
    });
    expect(first.json().data.status).toBe('completed');

    const other = await basket();
    for (const token of [pm, 'tok_sandbox_like', 'pm_unknown123']) {
      const response = await complete(other.session, {
        cart_version: other.cart.version,
        payment_method: { type: 'token', token },
      });
      expect(response.statusCode, token).toBe(422);
      expect(response.json().errors.payment_method).toEqual([CARD_TEXTS.number]);
    }
    expect(await ordersOf(other.customer.id)).toHaveLength(0);
  });

  it('3-D Secure: requires_action with the client secret, then completes once the cardholder passed it', async () => {
    const { customer, session, cart } = await basket(900);
    const first = checkoutReply.parse(
      (
        await complete(session, {
          cart_version: cart.version,
          payment_method: { type: 'token', token: 'pm_card_authenticationRequired' },
        })
      ).json(),
    ).data;
    expect(first.status).toBe('requires_action');
    if (first.status !== 'requires_action') return;
    const intent = standIn.intents.get(first.payment_intent_id)!;
    expect(intent.status).toBe('requires_action');
    // Stripe.js handleNextAction takes the client secret.
    expect(first.challenge_id).toBe(intent.client_secret);
    expect(await ordersOf(customer.id)).toHaveLength(0);

    // Not done yet: still waiting.
    const early = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(early.json().data.status).toBe('requires_action');

    standIn.completeAuthentication(first.payment_intent_id, true);
    const done = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(done.json().data.status, done.body).toBe('completed');
    const twice = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(twice.json().data.order_id).toBe(done.json().data.order_id);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(chargesOf(first.payment_intent_id)).toHaveLength(1);

    // Another basket's version, or an unknown intent: the basket changed.
    const other = await basket();
    const stolen = await complete(other.session, {
      cart_version: other.cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe(BASKET_CHANGED_MESSAGE);
    const unknown = await complete(other.session, {
      cart_version: other.cart.version,
      payment_intent_id: 'pi_nope',
    });
    expect(unknown.statusCode).toBe(409);
  });

  it('3-D Secure failed: declined with the reason, the basket stays', async () => {
    const { customer, session, cart } = await basket();
    const first = (
      await complete(session, {
        cart_version: cart.version,
        payment_method: { type: 'token', token: 'pm_card_authenticationRequired' },
      })
    ).json().data;
    standIn.completeAuthentication(first.payment_intent_id, false);
    const response = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toMatch(/^We are unable to authenticate your payment method\./);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect((await cartOf(session)).version).toBe(cart.version);
  });

  it('a double submit makes one PaymentIntent, one charge and one order', async () => {
    const { customer, session, cart } = await basket();
    const body = { cart_version: cart.version, payment_method: { type: 'token', token: 'pm_card_visa' } };
    const [a, b] = await Promise.all([complete(session, body), complete(session, body)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.order_id).toBe(b.json().data.order_id);
    expect(await ordersOf(customer.id)).toHaveLength(1);
    const intents = intentsFor(cart);
    expect(intents).toHaveLength(1);
    expect(chargesOf(String(intents[0]!.id))).toHaveLength(1);
  });

  it('the same idempotency key never charges twice, even when our transaction was lost after the charge', async () => {
    const { customer } = await basket();
    const request = {
      customerId: customer.id,
      amountPence: 1234,
      currency: 'GBP' as const,
      source: { token: 'pm_card_visa' },
      idempotencyKey: `crash-test-${customer.id}`,
      description: 'retry after a crash',
      saveCard: false,
    };
    const first = await app.payments.charge(request);
    const second = await app.payments.charge(request);
    expect(first.status).toBe('succeeded');
    expect(second).toEqual(first);
    if (first.status !== 'succeeded') return;
    expect(chargesOf(first.intentId)).toHaveLength(1);
    expect(first.amountPence).toBe(1234);

    // Refunds go through Stripe, once per key.
    const refund = await app.payments.refund(first.chargeId, 500, 'refund-test');
    const again = await app.payments.refund(first.chargeId, 500, 'refund-test');
    expect(again).toEqual(refund);
    expect(refund.amountPence).toBe(500);
    expect(standIn.charges.get(first.chargeId)).toMatchObject({ amount_refunded: 500, refunded: false });
    // Refunded: the same key pays on a new intent (a refunded intent is not reused).
    await app.payments.refund(first.chargeId, 734, 'refund-rest');
    const third = await app.payments.charge(request);
    expect(third.status === 'succeeded' && third.intentId).not.toBe(first.intentId);
  });

  it('a first payment whose transaction was lost after the charge meets the same customer and intent on retry', async () => {
    const { customer, session, cart } = await basket(950);
    const [row] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    // Exactly what the checkout asks for.
    const request = {
      customerId: customer.id,
      amountPence: 950,
      currency: 'GBP' as const,
      source: { token: 'pm_card_visa' },
      idempotencyKey: `cart-${cart.id}-v${cart.version}`,
      description: `${client.name} basket ${row!.uuid}`,
      saveCard: false,
    };
    // The checkout charged inside its transaction, which then rolled back (the process died): the link to the
    // Stripe customer is gone with it.
    const lost = await t.db
      .transaction(async (tx) => {
        const result = await app.payments.charge(request, { db: tx });
        expect(result.status).toBe('succeeded');
        throw new Error('crash');
      })
      .catch((err: Error) => err.message);
    expect(lost).toBe('crash');
    expect(
      await t.db
        .select()
        .from(paymentProviderCustomers)
        .where(eq(paymentProviderCustomers.customerId, customer.id)),
    ).toEqual([]);

    // The member tries again: the same order of things finds the intent that was paid.
    const retry = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_visa' },
    });
    expect(retry.json().data?.status, retry.body).toBe('completed');
    const intents = intentsFor(cart);
    expect(intents).toHaveLength(1);
    expect(chargesOf(String(intents[0]!.id))).toHaveLength(1);
  });

  it('gives the web app the publishable key only', () => {
    const config = buildSiteConfig(app, 'bookings', client.id);
    expect(config.card_payments).toEqual({ provider: 'stripe', publishable_key: STAND_IN_PUBLISHABLE_KEY });
    const text = JSON.stringify(config);
    expect(text).not.toContain(STAND_IN_SECRET_KEY);
    expect(text).not.toContain(STAND_IN_WEBHOOK_SECRET);
  });
});

describe('Stripe webhooks', () => {
  const jobsOf = () => app.jobs.findJobs(PAYMENT_WEBHOOK_JOB);

  it('refuses a missing or bad signature (400) and stores nothing; needs no CSRF token', async () => {
    const { body } = standIn.event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    const forged = standIn.event('payment_intent.succeeded', { id: 'pi_x' }, 'whsec_not_ours');
    for (const response of [
      await postWebhook(body),
      await postWebhook(body, forged.signature),
      await postWebhook(`${body} `, standIn.event('x', {}).signature),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The webhook signature could not be verified.');
    }
    expect(await t.db.select().from(paymentWebhookEvents)).toEqual([]);
  });

  it('acknowledges a verified event it does not act on without storing it', async () => {
    const { body, signature } = standIn.event('customer.created', { id: 'cus_x', object: 'customer' });
    const response = await postWebhook(body, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, stored: false } });
  });

  it('payment_intent.succeeded for a completed checkout: stored once, processed as a job, a replay changes nothing', async () => {
    const { session, cart } = await basket();
    const done = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_visa' },
    });
    const orderId = done.json().data.order_id as number;
    const intent = intentsFor(cart)[0]!;
    const webhook = standIn.event('payment_intent.succeeded', intent);
    const jobsBefore = (await jobsOf()).length;

    const response = await postWebhook(webhook.body, webhook.signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, stored: true } });
    expect(await eventRow(webhook.event.id)).toMatchObject({
      status: 'received',
      type: 'payment_intent.succeeded',
    });
    expect(await jobsOf()).toHaveLength(jobsBefore + 1);
    await app.jobs.runDueJobs();
    const processed = await eventRow(webhook.event.id);
    expect(processed).toMatchObject({ status: 'processed' });
    expect(processed!.outcome).toBe(`Order ${orderId} already records payment ${intent.id}.`);

    const replay = await postWebhook(webhook.body, webhook.signature);
    expect(replay.json()).toEqual({ data: { received: true, stored: false } });
    expect(await jobsOf()).toHaveLength(jobsBefore + 1);
    await app.jobs.runDueJobs();
    expect(await eventRow(webhook.event.id)).toEqual(processed);
  });

  it('completes the order when the browser closed after 3-D Secure; the late browser finds the same order', async () => {
    const { customer, session, cart } = await basket(800);
    const first = (
      await complete(session, {
        cart_version: cart.version,
        payment_method: { type: 'token', token: 'pm_card_authenticationRequired' },
      })
    ).json().data;
    standIn.completeAuthentication(first.payment_intent_id, true);
    // The browser is gone: only Stripe tells us.
    const webhook = standIn.event('payment_intent.succeeded', standIn.intents.get(first.payment_intent_id)!);
    expect((await postWebhook(webhook.body, webhook.signature)).statusCode).toBe(200);
    await app.jobs.runDueJobs();

    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({ total: 800, idempotencyKey: `cart-${cart.id}-v${cart.version}` });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment!.providerChargeId).toBe(chargesOf(first.payment_intent_id)[0]!.id);
    const [done] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(done).toMatchObject({ status: 'completed', completeOrderId: order!.id });
    expect((await eventRow(webhook.event.id))!.outcome).toMatch(
      new RegExp(`^Order ${order!.id} records payment`),
    );
    const mail = await outbox(app, customer.email);
    expect(mail.map((m) => m.subject)).toContain(`Booking confirmed (order ${order!.id})`);

    const late = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(late.json().data).toMatchObject({ status: 'completed', order_id: order!.id });

    // Replayed twice: nothing changes.
    for (let i = 0; i < 2; i++) {
      expect((await postWebhook(webhook.body, webhook.signature)).json().data.stored).toBe(false);
      await app.jobs.runDueJobs();
    }
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(chargesOf(first.payment_intent_id)).toHaveLength(1);
    expect(standIn.charges.get(payment!.providerChargeId!)!.amount_refunded).toBe(0);
  });

  it('refunds a payment whose basket changed meanwhile, and tells staff in the audit log', async () => {
    const { customer, session, cart } = await basket(700);
    const first = (
      await complete(session, {
        cart_version: cart.version,
        payment_method: { type: 'token', token: 'pm_card_authenticationRequired' },
      })
    ).json().data;
    standIn.completeAuthentication(first.payment_intent_id, true);
    // In another tab the member adds a session: the version paid for is gone.
    const more = await createSession(t.db, { venueId: venue.id, startsAt: at(50), name: 'Swim', price: 300 });
    await addSessions(session, more.session.id);

    const webhook = standIn.event('payment_intent.succeeded', standIn.intents.get(first.payment_intent_id)!);
    await postWebhook(webhook.body, webhook.signature);
    await app.jobs.runDueJobs();

    expect(await ordersOf(customer.id)).toHaveLength(0);
    const [charge] = chargesOf(first.payment_intent_id);
    expect(charge).toMatchObject({ amount_refunded: 700, refunded: true });
    expect((await eventRow(webhook.event.id))!.outcome).toBe(
      `Payment ${first.payment_intent_id} (£7.00) refunded: ${BASKET_CHANGED_MESSAGE}.`,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'payment.refunded_unmatched'),
          eq(auditLog.entityId, first.payment_intent_id),
        ),
      );
    expect(audit).toMatchObject({ actor: 'Stripe webhook', staffId: null });
    // The basket is still open for the member, and the refunded intent no longer pays it.
    expect((await cartOf(session)).items).toHaveLength(2);
    const late = await complete(session, {
      cart_version: cart.version,
      payment_intent_id: first.payment_intent_id,
    });
    expect(late.statusCode).toBe(409);
  });

  it('charge.refunded records a refund made at Stripe against its order, once', async () => {
    const { customer, session, cart } = await basket(650);
    const done = await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_visa' },
    });
    const orderId = done.json().data.order_id as number;
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    // Refunded in the Stripe Dashboard.
    await app.stripePayments!.stripe.refunds.create({ charge: payment!.providerChargeId! });
    const webhook = standIn.event('charge.refunded', standIn.charges.get(payment!.providerChargeId!)!);
    await postWebhook(webhook.body, webhook.signature);
    await app.jobs.runDueJobs();

    const [order] = await ordersOf(customer.id);
    expect(order!.status).toBe('refunded');
    const audits = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.entityId, String(orderId))));
    expect(await audits()).toHaveLength(1);
    expect((await eventRow(webhook.event.id))!.outcome).toBe(
      `Order ${orderId}: £6.50 of £6.50 refunded at Stripe; the order is refunded.`,
    );

    await postWebhook(webhook.body, webhook.signature);
    await app.jobs.runDueJobs();
    expect(await audits()).toHaveLength(1);
  });

  it('payment_intent.payment_failed is stored and processed without changing the basket', async () => {
    const { session, cart } = await basket();
    await complete(session, {
      cart_version: cart.version,
      payment_method: { type: 'token', token: 'pm_card_chargeDeclined' },
    });
    const intent = intentsFor(cart)[0]!;
    const webhook = standIn.event('payment_intent.payment_failed', intent);
    await postWebhook(webhook.body, webhook.signature);
    await app.jobs.runDueJobs();
    expect((await eventRow(webhook.event.id))!.outcome).toBe(
      `Payment ${intent.id} failed (Your card was declined.): the basket stays open, nothing to change.`,
    );
    expect(await cartOf(session)).toMatchObject({ id: cart.id, version: cart.version });
  });
});
