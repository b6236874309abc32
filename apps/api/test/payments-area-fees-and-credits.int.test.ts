import {
  creditBalanceReply,
  creditTransactionsReply,
  DEFAULT_ERROR_TEXTS,
  orderReply,
  penaltiesReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, penalties } from '../src/db/schema.ts';
import { venueDatePretty, venueTime } from '../src/lib/venue-time.ts';
import { cardToken, createBooking, createCredit, createPenalty, createSession } from './helper.ts';
import { paymentsAreaTestbed } from './payments-area.fixtures.ts';

const DAY = 86_400_000;
const { t, client, venue, app, call, newCustomer } = await paymentsAreaTestbed();

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
