import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  customers,
  customQuestionAnswers,
  customQuestions,
  directDebitMandates,
  memberships,
  terms,
} from '../src/db/schema.ts';
import type { DirectDebitProvider } from '../src/services/direct-debit/provider.ts';
import {
  createClient,
  createMembershipType,
  createPaymentOption,
  createPromotion,
  createVenue,
  csrfHeaders,
  type Session,
  sessionFrom,
  setupTestDatabase,
  TEST_PASSWORD,
} from './helper.ts';
import { createGymPromotions } from './joining.fixtures.ts';

// Shared by the membership-purchase-*.int.test.ts files: each builds these on its own database and app.

export const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026, GMT

/** A wrapper of the direct-debit provider that records the mandates it creates and cancels. */
function countingMandates() {
  const mandateCalls = { created: [] as string[], cancelled: [] as string[] };
  const counting = (inner: DirectDebitProvider): DirectDebitProvider => ({
    name: inner.name,
    async createMandate(request) {
      const result = await inner.createMandate(request);
      if (result.ok) mandateCalls.created.push(result.reference);
      return result;
    },
    async cancelMandate(reference) {
      mandateCalls.cancelled.push(reference);
      return inner.cancelMandate(reference);
    },
    collect: (request) => inner.collect(request),
  });
  return { mandateCalls, counting };
}

/**
 * One test file's fresh database with a client and its home venue, an app on it at `NOW` whose direct-debit provider
 * records its mandates in `mandateCalls`, and the catalogue and helpers of `membershipPurchaseFixtures`. Call once per
 * file.
 */
export async function membershipPurchaseTestbed() {
  const t = await setupTestDatabase();
  const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
  const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
  const { mandateCalls, counting } = countingMandates();
  const app = await t.buildTestApp({}, { now: () => NOW, wrapDirectDebitProvider: counting });
  return { t, client, home, mandateCalls, app, ...(await membershipPurchaseFixtures(t, client, home, app)) };
}

/** The catalogue of one test file (membership types, a question, promotions, terms) and helpers on its app. */
async function membershipPurchaseFixtures(
  t: { db: Db },
  client: { id: number },
  home: { id: number },
  app: FastifyInstance,
) {
  const gym = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'gym-and-swim',
    name: 'Gym & Swim',
    category: 'Adult',
  });
  const gymMonthly = await createPaymentOption(t.db, { membershipTypeId: gym.id });
  const gymAnnual = await createPaymentOption(t.db, {
    membershipTypeId: gym.id,
    name: 'Annual',
    paymentType: 'fixed',
    baseFee: 39900,
    joiningFee: 0,
    fixedDuration: 12,
    fixedPeriod: 'month',
  });
  const swim = await createMembershipType(t.db, { clientId: client.id, slug: 'swim', name: 'Swim Only' });
  const swimMonthly = await createPaymentOption(t.db, {
    membershipTypeId: swim.id,
    baseFee: 2500,
    joiningFee: 0,
  });
  const junior = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'junior',
    name: 'Junior',
    category: 'Junior',
  });
  const juniorMonthly = await createPaymentOption(t.db, {
    membershipTypeId: junior.id,
    baseFee: 1500,
    joiningFee: 0,
  });
  const [question] = await t.db
    .insert(customQuestions)
    .values({
      membershipTypeId: gym.id,
      reference: 'goal',
      label: 'Your goal',
      type: 'text',
      isRequired: true,
    })
    .returning();
  const { half, expired } = await createGymPromotions(t.db, {
    clientId: client.id,
    gymMonthlyId: gymMonthly.id,
  });
  const free = await createPromotion(t.db, {
    clientId: client.id,
    code: 'FREEYEAR',
    paymentOptionId: gymAnnual.id,
    value: 100,
  });
  await t.db.insert(terms).values([
    { clientId: client.id, kind: 'direct_debit', title: 'Direct debit', html: '<p>DD</p>' },
    { clientId: client.id, kind: 'health_commitment', title: 'Health', html: '<p>Health</p>' },
    { clientId: client.id, kind: 'membership', title: 'Membership', html: '<p>Terms</p>' },
  ]);

  let emailCounter = 0;
  const newAccount = (overrides: Record<string, unknown> = {}) => ({
    client_id: client.id,
    first_name: 'Jamie',
    last_name: 'Newcomer',
    email: `joiner-${++emailCounter}@test.example`,
    date_of_birth: '1992-03-04',
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    terms_accepted: true,
    ...overrides,
  });
  const bank = (overrides: Record<string, unknown> = {}) => ({
    account_number: '12345678',
    sort_code: '20-00-00',
    billing_address_line_one: '1 High Street',
    billing_city: 'Leeds',
    billing_postcode: 'ls1 1aa',
    ...overrides,
  });
  const details = (overrides: Record<string, unknown> = {}) => ({
    home_venue_id: home.id,
    membership_type_id: gym.id,
    payment_option_id: gymMonthly.id,
    start_date: '2026-11-22',
    billing_day: 1,
    account_holder: 'Jamie Newcomer',
    account_details: bank(),
    dd_terms_accepted: true,
    dd_authorised: true,
    health_commitment_accepted: true,
    membership_terms_accepted: true,
    answers: { [question!.id]: { question_id: question!.id, answer: 'Get fit' } },
    ...overrides,
  });
  const submit = (payload: Record<string, unknown>, headers: Record<string, string> = csrfHeaders()) =>
    app.inject({ method: 'POST', url: '/api/memberships', headers, payload });
  const get = (url: string, session: Session) => app.inject({ method: 'GET', url, headers: session.headers });

  /** A guest's 'Your details': the register call (201) logs the new account in (joining §4). */
  async function registerGuest(overrides: Record<string, unknown> = {}) {
    const account = newAccount(overrides);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=membership_purchase',
      headers: csrfHeaders(),
      payload: account,
    });
    expect(res.statusCode).toBe(201);
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, account.email));
    return { account, customer: customer!, session: sessionFrom(res) };
  }

  const leftoversOf = async (customerId: number) => ({
    memberships: await t.db.select().from(memberships).where(eq(memberships.customerId, customerId)),
    mandates: await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customerId)),
    answers: await t.db
      .select()
      .from(customQuestionAnswers)
      .where(eq(customQuestionAnswers.customerId, customerId)),
  });

  return {
    gymAnnual,
    swim,
    swimMonthly,
    junior,
    juniorMonthly,
    question,
    half,
    expired,
    free,
    bank,
    details,
    submit,
    get,
    registerGuest,
    leftoversOf,
  };
}
