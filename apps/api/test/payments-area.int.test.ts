import {
  CARD_TEXTS,
  creditBalanceReply,
  creditTransactionsReply,
  DEFAULT_ERROR_TEXTS,
  orderReply,
  PAYMENTS_TEXTS,
  penaltiesReply,
  savedCardsReply,
  updateSavedCardReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, penalties, sandboxCardTokens, savedCards } from '../src/db/schema.ts';
import { venueDatePretty, venueTime } from '../src/lib/venue-time.ts';
import {
  cardToken,
  countingProvider,
  createBooking,
  createClient,
  createCredit,
  createLoggedInCustomer,
  createPenalty,
  createSession,
  createVenue,
  type Session,
  setupTestDatabase,
} from './helper.ts';

const DAY = 86_400_000;
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const counting = countingProvider();
const app = await t.buildTestApp({}, { wrapPaymentProvider: counting.wrap });

const call = (
  who: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

const newCustomer = () => createLoggedInCustomer(app, t.db, { clientId: client.id });

async function setFeatures(features: Partial<typeof client.features>) {
  await t.db
    .update(clients)
    .set({ features: { ...client.features, ...features } })
    .where(eq(clients.id, client.id));
  app.invalidateClientCache();
}

describe('GET /api/user/penalties', () => {
  it("lists the caller's unpaid fees, newest first, with the booking they came from (venue-local)", async () => {
    const { customer, session } = await newCustomer();
    const other = await newCustomer();
    // 18:30 on the evening of the October clock change (GMT by then).
    const startsAt = new Date('2026-10-25T18:30:00Z');
    const { session: spin } = await createSession(t.db, { venueId: venue.id, startsAt, name: 'Spin' });
    const booking = await createBooking(t.db, {
      customerId: customer.id,
      sessionId: spin.id,
      status: 'no_show',
    });
    const late = await createPenalty(t.db, {
      customerId: customer.id,
      venueId: venue.id,
      createdAt: new Date(Date.now() - 3 * DAY),
    });
    const noShow = await createPenalty(t.db, {
      customerId: customer.id,
      venueId: venue.id,
      bookingId: booking.id,
      type: 'no_show',
      description: 'No-show fee',
      amount: 300,
      createdAt: new Date(Date.now() - DAY),
    });
    await createPenalty(t.db, { customerId: customer.id, venueId: venue.id, status: 'paid' });
    await createPenalty(t.db, { customerId: other.customer.id, venueId: venue.id });

    const list = penaltiesReply.parse((await call(session, 'GET', '/api/user/penalties')).json()).data;
    expect(list.map((p) => p.id)).toEqual([noShow.id, late.id]);
    expect(list[0]).toEqual({
      id: noShow.id,
      type: 'no_show',
      description: 'No-show fee',
      fee_amount: { raw: 300, formatted: '£3.00' },
      cart_type: 'penalty',
      pricing_option_id: null,
      created_at: noShow.createdAt.toISOString(),
      booking: { venue: 'Leeds Central', description: 'Spin', date: 'Sunday 25 October 2026', time: '18:30' },
      venue: { id: venue.id, name: 'Leeds Central' },
    });
    expect(list[1]!.booking).toBeNull();
    expect(venueDatePretty(startsAt)).toBe('Sunday 25 October 2026');
    expect(venueTime(startsAt)).toBe('18:30');
  });

  it('pays two fees through the basket: they leave the list and the user has no outstanding fees', async () => {
    const { customer, session } = await newCustomer();
    const fees = [
      await createPenalty(t.db, { customerId: customer.id, venueId: venue.id }),
      await createPenalty(t.db, {
        customerId: customer.id,
        venueId: venue.id,
        type: 'no_show',
        description: 'No-show fee',
        amount: 300,
      }),
    ];
    const user = async () => (await call(session, 'GET', '/api/auth/user')).json().data;
    expect((await user()).has_outstanding_penalties).toBe(true);

    const added = await call(session, 'POST', '/api/cart/add', {
      items: fees.map((f) => ({ id: f.id, type: 'penalty' })),
    });
    expect(added.json().data.totals.total.raw).toBe(800);
    const done = await call(session, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: added.json().data.version,
      payment_method: { type: 'token', token: await cardToken(app) },
    });
    expect(done.statusCode).toBe(200);

    expect((await call(session, 'GET', '/api/user/penalties')).json().data).toEqual([]);
    expect((await user()).has_outstanding_penalties).toBe(false);
    const rows = await t.db.select().from(penalties).where(eq(penalties.customerId, customer.id));
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid']);

    // The order shows the fees as items with their description and venue.
    const order = orderReply.parse(
      (await call(session, 'GET', `/api/orders/${done.json().data.order_id}`)).json(),
    ).data;
    expect(order.items.map((i) => [i.type, i.name, i.price.raw, i.venue_name])).toEqual([
      ['penalty', 'Late cancellation fee', 500, 'Leeds Central'],
      ['penalty', 'No-show fee', 300, 'Leeds Central'],
    ]);
  });
});

describe('credits', () => {
  it('counts only unexpired, unspent credit, the same in the payments area, the user and the basket', async () => {
    const { customer, session } = await newCustomer();
    const now = Date.now();
    // Old credit: £4 added, £1.50 spent while good, the rest expired; a £2.50 goodwill credit expired unused.
    await createCredit(t.db, {
      customerId: customer.id,
      amount: 400,
      expiresAt: new Date(now - 35 * DAY),
      createdAt: new Date(now - 400 * DAY),
    });
    await createCredit(t.db, {
      customerId: customer.id,
      amount: -150,
      reason: 'Used at checkout',
      createdAt: new Date(now - 380 * DAY),
    });
    await createCredit(t.db, {
      customerId: customer.id,
      amount: 250,
      expiresAt: new Date(now - 20 * DAY),
      createdAt: new Date(now - 200 * DAY),
    });
    // Live credit: £12.50 general, £3 spent from it, £10 membership.
    await createCredit(t.db, {
      customerId: customer.id,
      amount: 1250,
      reason: 'Booking cancelled',
      relatedItem: 'Spin',
      location: 'Leeds Central',
      expiresAt: new Date(now + 180 * DAY),
      createdAt: new Date(now - 5 * DAY),
    });
    await createCredit(t.db, {
      customerId: customer.id,
      amount: -300,
      reason: 'Used at checkout',
      description: 'Part payment for Yoga',
      relatedItem: 'Yoga',
      location: 'Leeds Central',
      createdAt: new Date(now - 2 * DAY),
    });
    await createCredit(t.db, {
      customerId: customer.id,
      kind: 'membership',
      amount: 1000,
      expiresAt: new Date(now + 30 * DAY),
      createdAt: new Date(now - DAY),
    });

    const balance = creditBalanceReply.parse((await call(session, 'GET', '/api/credits/user')).json()).data;
    expect(balance).toEqual({
      general_credit: { total_available: { raw: 950, formatted: '£9.50' } },
      membership_credit: { total_available: { raw: 1000, formatted: '£10.00' } },
      credit_balance: { raw: 1950, formatted: '£19.50' },
    });
    const user = (await call(session, 'GET', '/api/auth/user')).json().data;
    expect(user.credit.balance.raw).toBe(1950);
    const cart = (await call(session, 'GET', '/api/cart')).json().data;
    expect(cart.credits.general.total_available.raw).toBe(950);
    expect(cart.credits.membership.total_available.raw).toBe(1000);

    const added = creditTransactionsReply.parse(
      (await call(session, 'GET', '/api/credits/user/credit-transactions?type=added')).json(),
    ).data;
    expect(added.transactions.map((x) => [x.value.raw, x.expired, x.kind])).toEqual([
      [1000, false, 'membership'],
      [1250, false, 'general'],
      [250, true, 'general'],
      [400, true, 'general'],
    ]);
    expect(added.total.raw).toBe(2900);
    expect(added.transactions[1]).toMatchObject({
      added_at: expect.any(String),
      spent_at: null,
      expires_at: expect.any(String),
      reason: 'Booking cancelled',
      related_item: 'Spin',
      spent_at_location: null,
    });

    const spent = creditTransactionsReply.parse(
      (await call(session, 'GET', '/api/credits/user/credit-transactions?type=spent')).json(),
    ).data;
    expect(spent.transactions.map((x) => x.value.raw)).toEqual([300, 150]);
    expect(spent.total).toEqual({ raw: 450, formatted: '£4.50' });
    expect(spent.transactions[0]).toMatchObject({
      added_at: null,
      spent_at: expect.any(String),
      expires_at: null,
      expired: false,
      description: 'Part payment for Yoga',
      related_item: 'Yoga',
      spent_at_location: 'Leeds Central',
    });
    // The default is 'added'.
    expect((await call(session, 'GET', '/api/credits/user/credit-transactions')).json().data.total.raw).toBe(
      2900,
    );
    expect((await call(session, 'GET', '/api/credits/user/credit-transactions?type=other')).statusCode).toBe(
      422,
    );

    // Another customer sees none of it.
    const other = await newCustomer();
    expect((await call(other.session, 'GET', '/api/credits/user')).json().data.credit_balance.raw).toBe(0);
    for (const type of ['added', 'spent']) {
      const list = (
        await call(other.session, 'GET', `/api/credits/user/credit-transactions?type=${type}`)
      ).json().data;
      expect(list).toEqual({ transactions: [], total: { raw: 0, formatted: '£0.00' } });
    }
  });

  it('answers 404 while the credits flag is off, 401 without a session', async () => {
    const { session } = await newCustomer();
    await setFeatures({ credits: false });
    try {
      for (const url of ['/api/credits/user', '/api/credits/user/credit-transactions?type=spent']) {
        const response = await call(session, 'GET', url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
      }
    } finally {
      await setFeatures({});
    }
    expect((await call(session, 'GET', '/api/credits/user')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/credits/user' })).statusCode).toBe(401);
  });
});

describe('saved cards: update and delete', () => {
  /** A card saved through a real checkout, so the sandbox holds its payment method. */
  async function customerWithSavedCard() {
    const { customer, session } = await newCustomer();
    const { session: s } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
    });
    const added = await call(session, 'POST', '/api/cart/add', { items: [{ id: s.id, type: 'activity' }] });
    const done = await call(session, 'POST', '/api/checkout/complete', {
      terms: true,
      cart_version: added.json().data.version,
      payment_method: { type: 'token', token: await cardToken(app), save_card: true },
    });
    expect(done.statusCode).toBe(200);
    const [card] = savedCardsReply.parse(
      (await call(session, 'GET', '/api/my-account/saved-cards')).json(),
    ).data;
    return { customer, session, card: card! };
  }

  const billing = {
    first_name: 'Alex',
    last_name: 'Morgan',
    address_line_1: '12 Middleton Grove',
    address_line_2: 'Beeston',
    city: 'Leeds',
    post_code: 'ls11 5dj',
  };

  it('updates the billing details only, with the postcode checked and tidied', async () => {
    const { session, card } = await customerWithSavedCard();
    const response = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing);
    expect(response.statusCode).toBe(200);
    const updated = updateSavedCardReply.parse(response.json()).data;
    expect(updated).toEqual({
      ...card,
      first_name: 'Alex',
      last_name: 'Morgan',
      address_line1: '12 Middleton Grove',
      address_line2: 'Beeston',
      city: 'Leeds',
      post_code: 'LS11 5DJ',
    });
    const listed = (await call(session, 'GET', '/api/my-account/saved-cards')).json().data;
    expect(listed).toEqual([updated]);

    // Line 2 may be cleared.
    const cleared = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
      ...billing,
      address_line_2: null,
    });
    expect(cleared.json().data.address_line2).toBeNull();
  });

  it('refuses a postcode that is not a UK postcode, and names short fields (422)', async () => {
    const { session, card } = await customerWithSavedCard();
    for (const post_code of ['nope', '12345', '', 'SW1A 1AAA']) {
      const response = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
        ...billing,
        post_code,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.post_code).toEqual([CARD_TEXTS.postcode]);
    }
    const short = await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
      ...billing,
      first_name: 'A',
      city: 'L',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({
      first_name: ['First name must be more than 1 character.'],
      city: ['Town or city must be more than 1 character.'],
    });
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.billingFirstName).toBe('Alex');
  });

  it('deletes the card and has the provider forget it', async () => {
    const { session, card } = await customerWithSavedCard();
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    const response = await call(session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: PAYMENTS_TEXTS.cardDeleted } });
    expect((await call(session, 'GET', '/api/my-account/saved-cards')).json().data).toEqual([]);
    expect(counting.calls.forget).toContain(row!.providerRef);
    const tokens = await t.db
      .select()
      .from(sandboxCardTokens)
      .where(eq(sandboxCardTokens.token, row!.providerRef));
    expect(tokens).toEqual([]);
    // Gone: a second delete, an update, or paying with it answers 404.
    expect((await call(session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing)).statusCode,
    ).toBe(404);
  });

  it("never touches another customer's card (404), and needs the CSRF header", async () => {
    const { card } = await customerWithSavedCard();
    const other = await newCustomer();
    expect(
      (await call(other.session, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, billing)).statusCode,
    ).toBe(404);
    expect(
      (await call(other.session, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`)).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(row!.deletedAt).toBeNull();
    const { session } = await newCustomer();
    const noCsrf = await app.inject({
      method: 'DELETE',
      url: `/api/my-account/saved-cards/${card.id}/remove`,
      headers: { cookie: session.headers.cookie },
    });
    expect(noCsrf.statusCode).toBe(419);
  });
});
