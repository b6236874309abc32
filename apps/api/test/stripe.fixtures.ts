// Helpers shared by the stripe-*.int.test.ts files.
import { type Cart, cartReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { orders, paymentWebhookEvents } from '../src/db/schema.ts';
import { createLoggedInCustomer, createSession, type Session } from './helper.ts';
import type { startStripeStandIn } from './stripe-stand-in.ts';

const HOUR = 3_600_000;
export const at = (hours: number) => new Date(Date.now() + hours * HOUR);
export const BILLING = { name: 'Alex Morgan', line1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA' };

/** Calls and look-ups of one test file, on its app (paying through Stripe) and its Stripe stand-in. */
export function stripeHelpers(input: {
  db: Db;
  app: FastifyInstance;
  standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  clientId: number;
  venueId: number;
}) {
  const { db, app, standIn, clientId, venueId } = input;
  const newCustomer = () => createLoggedInCustomer(app, db, { clientId });
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
  const ordersOf = (customerId: number) => db.select().from(orders).where(eq(orders.customerId, customerId));
  /** The intents the stand-in holds for one basket version (by the checkout key the provider puts in metadata). */
  const intentsFor = (cart: Pick<Cart, 'id' | 'version'>) =>
    [...standIn.intents.values()].filter(
      (pi) =>
        (pi.metadata as Record<string, string>).fieldhouse_checkout_key ===
        `cart-${cart.id}-v${cart.version}`,
    );
  const chargesOf = (intentId: string) =>
    [...standIn.charges.values()].filter((c) => c.payment_intent === intentId && c.status === 'succeeded');

  /** A basket with one £6.50 session for a new member. */
  async function basket(price = 650) {
    const { customer, session } = await newCustomer();
    const s = await createSession(db, { venueId, startsAt: at(30), name: 'Spin', price });
    const cart = await addSessions(session, s.session.id);
    return { customer, session, cart, sessionId: s.session.id };
  }

  const postWebhook = (body: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });
  const eventRow = async (eventId: string) =>
    (await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId)))[0];

  return {
    newCustomer,
    call,
    cartOf,
    addSessions,
    complete,
    ordersOf,
    intentsFor,
    chargesOf,
    basket,
    postWebhook,
    eventRow,
  };
}
