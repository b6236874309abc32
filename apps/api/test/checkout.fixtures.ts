// Set-up and helpers shared by the checkout-*.int.test.ts files.
import { type Cart, cartReply, SANDBOX_CARDS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { orders } from '../src/db/schema.ts';
import {
  cardToken,
  countingProvider,
  createClient,
  createLoggedInCustomer,
  createTerms,
  createVenue,
  csrfHeaders,
  type Session,
  setupTestDatabase,
} from './helper.ts';
import { startStripeStandIn, stripeAgainstStandIn } from './stripe-stand-in.ts';

type TestDatabase = Awaited<ReturnType<typeof setupTestDatabase>>;
type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

const HOUR = 3_600_000;
export const at = (hours: number) => new Date(Date.now() + hours * HOUR);

type CardKind = keyof typeof SANDBOX_CARDS;
export type Rig = {
  overrides: Parameters<TestDatabase['buildTestApp']>[0];
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
async function makeRig(
  t: TestDatabase,
  standIn: StripeStandIn,
  provider: 'sandbox' | 'stripe',
): Promise<Rig> {
  const overrides: Rig['overrides'] = provider === 'sandbox' ? {} : stripeAgainstStandIn(standIn.port);
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

/** Calls and look-ups of one test file, on the app `currentApp` answers (the rig of the provider under test). */
function checkoutHelpers(db: Db, clientId: number, currentApp: () => FastifyInstance) {
  const newCustomer = () => createLoggedInCustomer(currentApp(), db, { clientId });
  const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    currentApp().inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
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
    currentApp().inject({
      method: 'POST',
      url,
      headers: { ...who.headers, ...headers },
      payload: { terms: true, ...body },
    });
  const ordersOf = (customerId: number) => db.select().from(orders).where(eq(orders.customerId, customerId));
  return { newCustomer, call, cartOf, addSessions, complete, ordersOf };
}

/**
 * One test file's fresh database with a client, a venue and terms; a rig (app and card helpers) for each card
 * provider: the sandbox, and Stripe through its adapter and the local stand-in (closed after the file); and the calls
 * of `checkoutHelpers`, on the app `currentApp` answers (the file switches it between the rigs). Call once per file.
 */
export async function checkoutTestbed(currentApp: () => FastifyInstance) {
  const t = await setupTestDatabase();
  const client = await createClient(t.db);
  const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  await createTerms(t.db, { clientId: client.id });

  // Every test runs against both card providers: the sandbox, and Stripe through its adapter and the local stand-in
  // (decision 036). What differs is how the browser side makes a card and answers the further check.
  const standIn = await startStripeStandIn();
  afterAll(() => standIn.close());
  const rigs = { sandbox: await makeRig(t, standIn, 'sandbox'), stripe: await makeRig(t, standIn, 'stripe') };
  return { t, client, venue, standIn, rigs, ...checkoutHelpers(t.db, client.id, currentApp) };
}
