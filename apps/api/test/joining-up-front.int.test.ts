import {
  JOINING_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipTypesReply,
  TERMS_REQUIRED_TEXT,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createTerms,
  createVenue,
  csrfHeaders,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

/**
 * What the joining journey says up front (issue 13): a price that cannot be calculated, terms that exist or not,
 * memberships the member already holds.
 */
const NOW = new Date('2026-11-22T10:00:00Z');
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp({}, { now: () => NOW });

const gym = await createMembershipType(t.db, { clientId: client.id, slug: 'gym', name: 'Gym' });
const swim = await createMembershipType(t.db, { clientId: client.id, slug: 'swim', name: 'Swim' });
const gymMonthly = await createPaymentOption(t.db, {
  membershipTypeId: gym.id,
  baseFee: 3000,
  joiningFee: 0,
});
await createPaymentOption(t.db, { membershipTypeId: swim.id, baseFee: 2000, joiningFee: 0 });

const listFor = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/memberships/types?venue_id=${venue.id}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return membershipTypesReply.parse(res.json()).data;
};

describe('costs that cannot be calculated', () => {
  it("answers 422 incalculable_price 'Could not calculate price.' for a stored billing day outside 1–28", async () => {
    // An account made at the desk of another system pays on the 31st: no first billing date can be priced.
    const member = await createCustomer(t.db, { clientId: client.id, billingDay: 31 });
    const session = await sessionFor(t.db, member.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/memberships/types/${gym!.id}/payment-options/${gymMonthly!.id}?venue_id=${venue.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: JOINING_TEXTS.incalculablePrice,
      errors: { incalculable_price: ['Could not calculate price.'] },
    });
    // The list still answers (its figure is for the 1st).
    const list = await listFor(session.headers);
    expect(list.map((m) => m.slug)).toEqual(['gym', 'swim']);
  });
});

describe('terms on Create Account', () => {
  const account = (overrides: Record<string, unknown> = {}) => ({
    client_id: client.id,
    first_name: 'Robin',
    last_name: 'Shaw',
    email: 'robin.terms@test.example',
    password: 'Str0ng!pass',
    password_confirmation: 'Str0ng!pass',
    ...overrides,
  });
  const register = (overrides: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/customer/register',
      headers: csrfHeaders(),
      payload: account(overrides),
    });

  it('needs no acceptance when the client has no terms, and records none', async () => {
    const created = await register({ email: 'no.terms@test.example', terms_accepted: false });
    expect(created.statusCode).toBe(201);
    const [row] = await t.db
      .select({ termsAcceptedAt: customers.termsAcceptedAt })
      .from(customers)
      .where(eq(customers.email, 'no.terms@test.example'));
    expect(row!.termsAcceptedAt).toBeNull();
  });

  it('requires acceptance once terms exist', async () => {
    await createTerms(t.db, { clientId: client.id });
    const refusedRegister = await register({ email: 'terms.refused@test.example', terms_accepted: false });
    expect(refusedRegister.statusCode).toBe(422);
    expect(refusedRegister.json().errors).toEqual({ terms_accepted: [TERMS_REQUIRED_TEXT] });
    expect((await register({ email: 'terms.accepted@test.example', terms_accepted: true })).statusCode).toBe(
      201,
    );
  });
});

describe('memberships the member already holds', () => {
  it("are listed as not purchasable with 'You already have this membership.'; others and guests unaffected", async () => {
    const member = await createCustomer(t.db, { clientId: client.id });
    await createMembership(t.db, {
      customerId: member.id,
      membershipTypeId: gym!.id,
      paymentOptionId: gymMonthly!.id,
      homeVenueId: venue.id,
      reference: 'M-HELD-1',
      status: 'active',
      startDate: '2026-10-01',
      price: 3000,
    });
    const session = await sessionFor(t.db, member.id);
    const list = await listFor(session.headers);
    const held = list.find((m) => m.slug === 'gym')!.payment_options[0]!.is_purchasable;
    expect(held).toEqual({
      can_purchase: false,
      has_prices: true,
      message: MEMBERSHIP_PURCHASE_TEXTS.alreadyMember,
    });
    expect(list.find((m) => m.slug === 'swim')!.payment_options[0]!.is_purchasable.can_purchase).toBe(true);

    const guest = await listFor();
    expect(guest.find((m) => m.slug === 'gym')!.payment_options[0]!.is_purchasable.can_purchase).toBe(true);

    // One still waiting, unpaid, in the basket is not held yet.
    const other = await createCustomer(t.db, { clientId: client.id });
    await createMembership(t.db, {
      customerId: other.id,
      membershipTypeId: gym!.id,
      paymentOptionId: gymMonthly!.id,
      homeVenueId: venue.id,
      reference: 'M-AWAIT-1',
      status: 'pending',
      awaitingPayment: true,
      startDate: '2026-11-22',
      price: 3000,
    });
    const waiting = await listFor((await sessionFor(t.db, other.id)).headers);
    expect(waiting.find((m) => m.slug === 'gym')!.payment_options[0]!.is_purchasable.can_purchase).toBe(true);
  });
});

describe('membership cards: joining fee and due today', () => {
  it('each option carries its joining fee and what a start today costs now, in pence', async () => {
    const list = await listFor();
    const option = list.find((m) => m.slug === 'gym')!.payment_options[0]!;
    expect(option.fees.joining_fee).toEqual({ raw: 0, formatted: '£0.00' });
    // Sunday 22 November, billing on the 1st: 9 days of £30.00 in November = £9.00.
    expect(option.total_to_pay_now).toEqual({ raw: 900, formatted: '£9.00' });
  });
});
