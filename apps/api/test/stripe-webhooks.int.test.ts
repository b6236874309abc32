import { BASKET_CHANGED_MESSAGE } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { auditLog, carts, payments, paymentWebhookEvents } from '../src/db/schema.ts';
import { PAYMENT_WEBHOOK_JOB } from '../src/services/payments/webhook-events.ts';
import { createSession, outbox, staffSessionFor } from './helper.ts';
import { at, stripeTestbed } from './stripe.fixtures.ts';
import { STAND_IN_WEBHOOK_SECRET } from './stripe-stand-in-shared.ts';

const { standIn, t, venue, app, postWebhook, eventRow, ...helpers } = await stripeTestbed();
const { cartOf, addSessions, complete, ordersOf, intentsFor, chargesOf, basket } = helpers;

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

  it('refuses a signed event with no id or no type (400, a plain message, not 500) and stores nothing (issue 41)', async () => {
    const { event } = standIn.event('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });
    const { id: _id, ...noId } = event;
    const { type: _type, ...noType } = event;
    for (const body of [noId, { ...event, id: '' }, noType, null].map((e) => JSON.stringify(e))) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: STAND_IN_WEBHOOK_SECRET,
      });
      const response = await postWebhook(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The webhook event has no id or no type.');
    }
    expect(await t.db.select().from(paymentWebhookEvents)).toEqual([]);
    expect(await jobsOf()).toEqual([]);
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

  it("completes a desk card payment after 3-D Secure from the webhook as the desk's payment, audited once (issue 41)", async () => {
    const { customer, cart } = await basket(900);
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id], name: 'Dee Desk' });
    const pay = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/desk/customers/${customer.id}/pay`,
        headers: desk.headers,
        payload: { terms: true, source: 'front-of-house', cart_version: cart.version, ...payload },
      });
    const first = (
      await pay({ payment_method: { type: 'token', token: 'pm_card_authenticationRequired' } })
    ).json().data;
    expect(first.status).toBe('requires_action');
    standIn.completeAuthentication(first.payment_intent_id, true);
    // The card reader's page was closed: only Stripe tells us.
    const webhook = standIn.event('payment_intent.succeeded', standIn.intents.get(first.payment_intent_id)!);
    expect((await postWebhook(webhook.body, webhook.signature)).statusCode).toBe(200);
    await app.jobs.runDueJobs();

    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({ total: 900 });
    const entries = () =>
      t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(order!.id)));
    // Before, the order had no desk entry at all: the webhook completed it as a member's own checkout.
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: 'desk.pay',
        actor: 'Dee Desk',
        staffId: desk.staff.id,
        after: expect.objectContaining({
          customer_id: customer.id,
          tenders: [expect.objectContaining({ tender_type: 'card', amount: 900 })],
          completed_by: 'Stripe webhook',
        }),
      }),
    ]);
    // The desk's page comes back late: the same order, no second entry, charged once.
    const late = await pay({ payment_intent_id: first.payment_intent_id });
    expect(late.json().data).toMatchObject({ status: 'completed', order_id: order!.id });
    expect(await entries()).toHaveLength(1);
    expect(chargesOf(first.payment_intent_id)).toHaveLength(1);
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
