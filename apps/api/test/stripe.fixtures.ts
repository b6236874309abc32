// Set-up and helpers shared by the stripe-*.int.test.ts files.
import { type Cart, cartReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { orders, paymentWebhookEvents } from '../src/db/schema.ts';
import {
  countingProvider,
  createClient,
  createLoggedInCustomer,
  createSession,
  createTerms,
  createVenue,
  type Session,
  setupTestDatabase,
} from './helper.ts';
import { startStripeStandIn, stripeAgainstStandIn } from './stripe-stand-in.ts';

const HOUR = 3_600_000;
export const at = (hours: number) => new Date(Date.now() + hours * HOUR);
export const BILLING = { name: 'Alex Morgan', line1: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA' };

/** Calls and look-ups of one test file, on its app (paying through Stripe) and its Stripe stand-in. */
function stripeHelpers(input: {
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

/**
 * One test file's Stripe stand-in (closed after the file), fresh database, a client with a venue and terms, an app
 * paying through the stand-in (its provider wrapped by `counting`), and the helpers of `stripeHelpers` bound to them.
 * Call once per file.
 */
export async function stripeTestbed() {
  const standIn = await startStripeStandIn();
  afterAll(() => standIn.close());

  const t = await setupTestDatabase();
  const client = await createClient(t.db);
  const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  await createTerms(t.db, { clientId: client.id });
  const counting = countingProvider();
  const app = await t.buildTestApp(stripeAgainstStandIn(standIn.port), {
    wrapPaymentProvider: counting.wrap,
    jobs: { start: true, workers: false },
  });

  const helpers = stripeHelpers({ db: t.db, app, standIn, clientId: client.id, venueId: venue.id });
  return { standIn, t, client, venue, counting, app, ...helpers };
}
