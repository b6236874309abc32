import {
  CSRF_COOKIE,
  CSRF_HEADER,
  cartReply,
  dataFieldsReply,
  LOGGED_IN_COOKIE,
  membershipSubmitReply,
  membershipTypesReply,
  SESSION_COOKIE,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { customers, memberships, membershipTypes, paymentOptions } from '../src/db/schema.ts';
import {
  createClient,
  createVenue,
  csrfHeaders,
  login,
  setupTestDatabase,
  TEST_CSRF,
  TEST_PASSWORD,
} from './helper.ts';

/**
 * The joining journey's 'Your details' (joining §4, decision 011): a guest's account is created there (201, logged
 * in), the memberships are loaded again for them (200), and the membership is then bought as that member; a guest
 * who stops after 'Your details' logs in later and carries on with the same account.
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
// Lists ineligible memberships too (marked), so the test can see what the list says of each.
const venue = await createVenue(t.db, {
  clientId: client.id,
  name: 'Leeds Central',
  allowIneligibleMemberships: true,
});
const app = await t.buildTestApp({}, { now: () => NOW });

const [swim] = await t.db
  .insert(membershipTypes)
  .values({ clientId: client.id, slug: 'swim', name: 'Swim', category: 'Adult', coverage: 'national' })
  .returning();
const [swimAnnual] = await t.db
  .insert(paymentOptions)
  .values({
    membershipTypeId: swim!.id,
    name: 'Annual',
    paymentType: 'fixed',
    baseFee: 24000,
    fixedDuration: 12,
    fixedPeriod: 'month',
  })
  .returning();
const [junior] = await t.db
  .insert(membershipTypes)
  .values({ clientId: client.id, slug: 'junior', name: 'Junior', category: 'Junior', coverage: 'national' })
  .returning();
await t.db
  .insert(paymentOptions)
  .values({ membershipTypeId: junior!.id, name: 'Monthly', paymentType: 'recurring', baseFee: 1500 });

let counter = 0;
const account = (overrides: Record<string, unknown> = {}) => ({
  client_id: client.id,
  source: 'online',
  first_name: 'Casey',
  last_name: 'Jordan',
  email: `casey.${++counter}@test.example`,
  date_of_birth: '1990-03-14',
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  marketing_opt_in: false,
  ...overrides,
});

/** 'Create Account' in 'Your details': the register call with the joining form's onboarding type. */
const createAccount = (body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/register?onboarding_type=membership_purchase',
    headers: csrfHeaders(),
    payload: body,
  });

/** The browser's cookies after a reply that set them (a cookie the reply sets replaces the one sent). */
function browserHeaders(reply: LightMyRequestResponse) {
  const set = (name: string) => reply.cookies.find((c) => c.name === name)?.value;
  const csrf = set(CSRF_COOKIE) ?? TEST_CSRF;
  return { cookie: `${CSRF_COOKIE}=${csrf}; ${SESSION_COOKIE}=${set(SESSION_COOKIE)}`, [CSRF_HEADER]: csrf };
}

const membershipsFor = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/memberships/types?venue_id=${venue.id}&include_ineligible=true`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  const list = membershipTypesReply.parse(res.json()).data;
  return (slug: string) => list.find((m) => m.slug === slug)!.payment_options[0]!.is_purchasable;
};

const submitSwim = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/memberships',
    headers,
    payload: {
      home_venue_id: venue.id,
      membership_type_id: swim!.id,
      payment_option_id: swimAnnual!.id,
      start_date: '2026-11-23',
      billing_day: null,
    },
  });

const accountsWith = (email: string) => t.db.select().from(customers).where(eq(customers.email, email));

describe("a guest's account is created in 'Your details'", () => {
  it('answers 201, logs the guest in with a new CSRF token, and the membership is then bought as that member', async () => {
    const body = account();
    const created = await createAccount(body);
    expect(created.statusCode).toBe(201);
    expect(userReply.parse(created.json()).data).toMatchObject({ email: body.email, first_name: 'Casey' });
    expect(created.cookies.find((c) => c.name === SESSION_COOKIE)?.httpOnly).toBe(true);
    expect(created.cookies.find((c) => c.name === LOGGED_IN_COOKIE)?.value).toBe('1');
    // The token the browser held as a guest is replaced for the new session.
    const csrf = created.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf?.value).toBeTruthy();
    expect(csrf?.value).not.toBe(TEST_CSRF);
    expect(csrf?.httpOnly).toBeFalsy();
    const headers = browserHeaders(created);

    // Memberships load again (200), now for the member: the chosen one is still purchasable.
    const purchasable = await membershipsFor(headers);
    expect(purchasable('swim')).toMatchObject({ can_purchase: true });

    // The later submission is the member's: no account in it, no second account, no email clash.
    const submitted = await submitSwim(headers);
    expect(submitted.statusCode).toBe(201);
    expect(membershipSubmitReply.parse(submitted.json()).data.new_mandate).toBe(false);
    const rows = await accountsWith(body.email);
    expect(rows).toHaveLength(1);
    const mine = await t.db.select().from(memberships).where(eq(memberships.customerId, rows[0]!.id));
    expect(mine).toMatchObject([{ membershipTypeId: swim!.id, awaitingPayment: true }]);
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers });
    expect(cartReply.parse(cart.json()).data.items).toHaveLength(1);
  });

  it("says when the chosen membership is not purchasable for the new account (the journey's selection resets)", async () => {
    const adult = browserHeaders(await createAccount(account()));
    expect((await membershipsFor(adult))('junior')).toMatchObject({ can_purchase: false });
    const teen = browserHeaders(await createAccount(account({ date_of_birth: '2012-06-01' })));
    expect((await membershipsFor(teen))('junior')).toMatchObject({ can_purchase: true });
  });

  it('answers 422 keyed by field and creates nothing for a form the rules refuse', async () => {
    const body = account({ first_name: '', email: 'not-an-email', password_confirmation: 'Other-Pass1!' });
    const refused = await createAccount(body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      first_name: ['First name is required.'],
      email: ['Please enter a valid email address.'],
      password_confirmation: ['The password confirmation does not match.'],
    });
    expect(refused.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(await accountsWith('not-an-email')).toHaveLength(0);
  });
});

describe("a guest who stops after 'Your details'", () => {
  it('logs in later with the same email and password, finds the details saved and buys as that member', async () => {
    const body = account();
    expect((await createAccount(body)).statusCode).toBe(201);
    // … the browser is closed. Later, in another one:
    const later = await login(app, { email: body.email, password: TEST_PASSWORD });
    const form = dataFieldsReply.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/data-fields?onboarding_type=membership_purchase',
          headers: later.headers,
        })
      ).json(),
    ).data;
    const missing = form.sections
      .flatMap((s) => s.section_fields)
      .filter((f) => f.is_required && f.is_authorised && (f.answer === null || f.answer === ''));
    expect(missing).toEqual([]);
    expect(form.sections.flatMap((s) => s.section_fields).find((f) => f.path === 'email')?.answer).toBe(
      body.email,
    );

    expect((await submitSwim(later.headers)).statusCode).toBe(201);
    expect(await accountsWith(body.email)).toHaveLength(1);
  });
});
