/**
 * Set-up and helpers shared by the gocardless-*.int.test.ts files: direct debit through GoCardless (decision 037),
 * with the official SDK pointed at a local stand-in of the GoCardless API (gocardless-stand-in.ts).
 */
import { cartReply, membershipSubmitReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { directDebitMandates, mailOutbox } from '../src/db/schema.ts';
import {
  type GoCardlessStandIn,
  STAND_IN_TOKEN,
  STAND_IN_WEBHOOK_SECRET,
  startGoCardlessStandIn,
} from './gocardless-stand-in.ts';
import {
  cardToken,
  createClient,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createVenue,
  type Session,
  sessionFor,
  setupTestDatabase,
  TEST_PASSWORD,
} from './helper.ts';

export const NOW = new Date('2026-11-22T10:00:00Z');

/**
 * One test file's GoCardless stand-in (closed after the file), fresh database and app using it, a client with a home
 * venue and a gym membership paid monthly, and the helpers of `goCardlessHelpers` bound to them. Call once per file.
 */
export async function goCardlessTestbed() {
  const standIn = await startGoCardlessStandIn();
  afterAll(() => standIn.close());

  const goCardless = {
    accessToken: STAND_IN_TOKEN,
    environment: 'sandbox' as const,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    apiBaseUrl: standIn.url,
  };
  const t = await setupTestDatabase();
  const app = await t.buildTestApp(
    {
      directDebitProvider: 'gocardless',
      goCardless,
      siteUrls: {
        bookings: 'https://bookings.example',
        account: 'https://account.example',
        join: 'https://join.example',
      },
    },
    { now: () => NOW, jobs: { start: true, workers: false } },
  );

  const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
  const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const gym = await createMembershipType(t.db, { clientId: client.id, slug: 'gym', name: 'Gym' });
  const monthly = await createPaymentOption(t.db, { membershipTypeId: gym.id });

  const helpers = goCardlessHelpers({
    db: t.db,
    app,
    standIn,
    clientId: client.id,
    homeVenueId: home.id,
    membershipTypeId: gym.id,
    paymentOptionId: monthly.id,
  });
  return { standIn, goCardless, t, app, client, home, gym, monthly, ...helpers };
}

/** Members, their joining details, calls and webhooks of one test file, on its app and GoCardless stand-in. */
function goCardlessHelpers(input: {
  db: Db;
  app: FastifyInstance;
  standIn: GoCardlessStandIn;
  clientId: number;
  homeVenueId: number;
  membershipTypeId: number;
  paymentOptionId: number;
}) {
  const { db, app, standIn, clientId, homeVenueId, membershipTypeId, paymentOptionId } = input;
  let counter = 0;
  async function member() {
    const customer = await createCustomer(db, {
      clientId,
      password: TEST_PASSWORD,
      email: `dd-${++counter}@test.example`,
      firstName: 'Robin',
      lastName: 'Payer',
      dateOfBirth: '1990-04-12',
    });
    return { customer, session: await sessionFor(db, customer.id) };
  }
  const details = (bank: Record<string, string> = {}) => ({
    home_venue_id: homeVenueId,
    membership_type_id: membershipTypeId,
    payment_option_id: paymentOptionId,
    start_date: '2026-11-22',
    billing_day: 1,
    account_holder: 'Robin Payer',
    account_details: {
      account_number: '55779911',
      sort_code: '20-00-00',
      billing_address_line_one: '1 High Street',
      billing_city: 'Leeds',
      billing_postcode: 'ls1 1aa',
      ...bank,
    },
    dd_terms_accepted: true,
    dd_authorised: true,
    health_commitment_accepted: true,
    membership_terms_accepted: true,
  });
  const submit = (session: Session, payload: object) =>
    app.inject({ method: 'POST', url: '/api/memberships', headers: session.headers, payload });
  const get = (session: Session, url: string) => app.inject({ method: 'GET', url, headers: session.headers });
  const mandatesOf = (customerId: number) =>
    db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId));
  const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

  /** Joins and checks out: the member's membership is active and their GoCardless mandate their instruction. */
  async function joinedMember() {
    const { customer, session } = await member();
    const submitted = await submit(session, details());
    expect(submitted.statusCode).toBe(201);
    const membershipId = membershipSubmitReply.parse(submitted.json()).data.membership_id;
    const cart = cartReply.parse((await get(session, '/api/cart')).json()).data;
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'token', token: await cardToken(app), save_card: false },
      },
    });
    expect(checkout.statusCode).toBe(200);
    const [mandate] = await mandatesOf(customer.id);
    return {
      customer,
      session,
      membershipId,
      mandate: mandate!,
      orderId: checkout.json().data.order_id as number,
    };
  }

  /** POSTs a webhook as GoCardless would (signed with `secret`), without any CSRF token. */
  async function postWebhook(events: object[], secret = STAND_IN_WEBHOOK_SECRET) {
    const { body, signature } = standIn.webhook(events, secret);
    return app.inject({
      method: 'POST',
      url: '/api/webhooks/gocardless',
      headers: { 'content-type': 'application/json', 'webhook-signature': signature },
      payload: body,
    });
  }
  /** Delivers (and processes, as the job engine would) a webhook; answers its reply. */
  async function deliver(events: object[]) {
    const reply = await postWebhook(events);
    await app.jobs.runDueJobs();
    return reply;
  }

  return { member, details, submit, get, mandatesOf, mailsTo, joinedMember, postWebhook, deliver };
}
