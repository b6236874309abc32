import { BASKET_CHANGED_MESSAGE, checkoutReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carts, paymentProviderCustomers } from '../src/db/schema.ts';
import { stripeTestbed } from './stripe.fixtures.ts';

const { standIn, t, client, app, cartOf, complete, ordersOf, intentsFor, chargesOf, basket } =
  await stripeTestbed();

describe('checkout through Stripe (the local stand-in)', () => {
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
});
