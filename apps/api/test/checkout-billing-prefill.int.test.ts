import { cartReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createSession,
  createTerms,
  createVenue,
  login,
  type Session,
  setupTestDatabase,
  TEST_PASSWORD,
} from './helper.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const t = await setupTestDatabase();
const client = await createClient(t.db);
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp({}, { now: () => NOW });
const type = await createMembershipType(t.db, { clientId: client.id, slug: 'gym', name: 'Gym' });
const monthly = await createPaymentOption(t.db, { membershipTypeId: type.id });
await createTerms(t.db, {
  clientId: client.id,
  kind: 'direct_debit',
  title: 'Direct debit',
  html: '<p>DD</p>',
});
await createTerms(t.db, {
  clientId: client.id,
  kind: 'health_commitment',
  title: 'Health',
  html: '<p>Health</p>',
});
await createTerms(t.db, {
  clientId: client.id,
  kind: 'membership',
  title: 'Membership',
  html: '<p>Terms</p>',
});

const cartOf = async (session: Session) =>
  cartReply.parse((await app.inject({ method: 'GET', url: '/api/cart', headers: session.headers })).json())
    .data;

describe("checkout's card form starts with the direct debit's billing details", () => {
  it('answers billing_prefill from the mandate of a new membership in the basket', async () => {
    const me = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, { username: me.reference, password: TEST_PASSWORD });
    expect((await cartOf(session)).billing_prefill).toBeNull();

    const res = await app.inject({
      method: 'POST',
      url: '/api/memberships',
      headers: session.headers,
      payload: {
        home_venue_id: home.id,
        membership_type_id: type.id,
        payment_option_id: monthly.id,
        start_date: '2026-11-22',
        billing_day: 1,
        account_holder: 'Łukasz Nowak-Smith Jr',
        account_details: {
          account_number: '12345678',
          sort_code: '20-00-00',
          billing_address_line_one: '1 High Street',
          billing_address_line_two: 'Flat 2',
          billing_city: 'Leeds',
          billing_postcode: 'ls1 1aa',
        },
        dd_terms_accepted: true,
        dd_authorised: true,
        health_commitment_accepted: true,
        membership_terms_accepted: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await cartOf(session)).billing_prefill).toEqual({
      first_name: 'Łukasz',
      last_name: 'Nowak-Smith Jr',
      address_line_one: '1 High Street',
      address_line_two: 'Flat 2',
      city: 'Leeds',
      postcode: 'LS1 1AA',
    });
  });

  it('is null for a basket of bookings only, and for a member whose mandate is not in the basket', async () => {
    const me = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, { username: me.reference, password: TEST_PASSWORD });
    const { session: spin } = await createSession(t.db, {
      venueId: home.id,
      startsAt: new Date(NOW.getTime() + 30 * 3_600_000),
    });
    const add = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: session.headers,
      payload: { items: [{ id: spin.id, type: 'activity' }] },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(cartReply.parse(add.json()).data.billing_prefill).toBeNull();
  });
});
