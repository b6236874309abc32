import { CARD_DECLINED_MESSAGE, CARD_TEXTS, checkoutReply, savedCardsReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentProviderCustomers, payments } from '../src/db/schema.ts';
import { buildSiteConfig } from '../src/routes/web/index.ts';
import { createSession } from './helper.ts';
import { at, BILLING, stripeTestbed } from './stripe.fixtures.ts';
import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from './stripe-stand-in.ts';

const { standIn, t, client, venue, app, ...helpers } = await stripeTestbed();
const { call, cartOf, addSessions, complete, ordersOf, intentsFor, chargesOf, basket } = helpers;

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

  it('gives the web app the publishable key only', () => {
    const config = buildSiteConfig(app, 'bookings', client.id);
    expect(config.card_payments).toEqual({ provider: 'stripe', publishable_key: STAND_IN_PUBLISHABLE_KEY });
    const text = JSON.stringify(config);
    expect(text).not.toContain(STAND_IN_SECRET_KEY);
    expect(text).not.toContain(STAND_IN_WEBHOOK_SECRET);
  });
});
