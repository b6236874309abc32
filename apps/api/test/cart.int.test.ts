import {
  ALREADY_BOOKED_MESSAGE,
  ALREADY_IN_BASKET_MESSAGE,
  type Cart,
  cartReply,
  DEFAULT_ERROR_TEXTS,
  SESSION_FULL_MESSAGE,
  SESSION_NOT_RELEASED_MESSAGE,
  SESSION_STARTED_MESSAGE,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions } from '../src/db/schema.ts';
import {
  createBooking,
  createClient,
  createCredit,
  createCustomer,
  createMembershipWithBenefit,
  createPackage,
  createPenalty,
  createSession,
  createVenue,
  login,
  type Session,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id });
const app = await t.buildTestApp();
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

const me = await createCustomer(t.db, { clientId: client.id });
const other = await createCustomer(t.db, { clientId: client.id });
const session = await login(app, me);
const otherSession = await login(app, other);

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who: Session = session,
) => app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const cartOf = (response: { json: () => unknown }) => cartReply.parse(response.json()).data as Cart;
const add = (id: number, who: Session = session, type = 'activity') =>
  call('POST', '/api/cart/add', { items: [{ id, type }] }, who);

describe('basket', () => {
  it('needs a session (401)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
  });

  it('starts empty with £0.00 and a version', async () => {
    const cart = cartOf(await call('GET', '/api/cart'));
    expect(cart).toMatchObject({
      items: [],
      totals: { total: { raw: 0, formatted: '£0.00' }, item_count: 0, total_to_pay: { raw: 0 } },
      complete_order_id: null,
    });
    expect(cart.version).toBeGreaterThanOrEqual(1);
  });

  it('keeps both of two adds made at once (two tabs) in one basket, each a version of its own', async () => {
    const member = await createCustomer(t.db, { clientId: client.id });
    const tabs = await login(app, member); // no basket yet: both adds make it, or wait for the other's
    const [a, b] = await Promise.all(
      [30, 31].map((hours) =>
        createSession(t.db, { venueId: venue.id, startsAt: at(hours), name: `Tab ${hours}`, price: 500 }),
      ),
    );
    const replies = await Promise.all([add(a!.session.id, tabs), add(b!.session.id, tabs)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const versions = replies.map((r) => cartOf(r).version);
    expect(new Set(versions).size).toBe(2);
    const cart = cartOf(await call('GET', '/api/cart', undefined, tabs));
    expect(cart.items.map((i) => i.name).sort()).toEqual(['Tab 30', 'Tab 31']);
    expect(cart.version).toBe(Math.max(...versions));
  });

  it('adds a session, works out VAT, and bumps the version on every change', async () => {
    const spin = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(26),
      name: 'Spin',
      price: 1200,
    });
    const before = cartOf(await call('GET', '/api/cart'));
    const response = await add(spin.session.id);
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response);
    expect(cart.version).toBe(before.version + 1);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      name: 'Spin',
      cartable_type: 'activity',
      cartable_id: spin.session.id,
      quantity: 1,
      price: { raw: 1200, formatted: '£12.00', benefit_applied: false, package_applied: false },
      cartable_resource: { venue_name: venue.name, duration: '45min', location: { name: 'Studio 1' } },
      problem: null,
    });
    expect(cart.totals).toMatchObject({
      sub_total: { raw: 1200 },
      tax_total: { raw: 200 },
      total: { raw: 1200 },
      basket_cost: { raw: 1200 },
      total_to_pay: { raw: 1200 },
      item_count: 1,
    });
    const same = await add(spin.session.id);
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(ALREADY_IN_BASKET_MESSAGE);

    const removed = cartOf(await call('POST', '/api/cart/remove', { cart_item_ids: [cart.items[0]!.id] }));
    expect(removed.items).toEqual([]);
    expect(removed.version).toBe(cart.version + 1);
  });

  it('refuses sessions that are full, started, not released, booked already, or unknown', async () => {
    const full = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(30),
      capacity: 1,
      bookedCount: 1,
    });
    const started = await createSession(t.db, { venueId: venue.id, startsAt: at(-1) });
    const later = await createSession(t.db, { venueId: venue.id, startsAt: at(24 * 10) });
    const booked = await createSession(t.db, { venueId: venue.id, startsAt: at(40) });
    await createBooking(t.db, { customerId: me.id, sessionId: booked.session.id });
    const cases: [number, string][] = [
      [full.session.id, SESSION_FULL_MESSAGE],
      [started.session.id, SESSION_STARTED_MESSAGE],
      [later.session.id, SESSION_NOT_RELEASED_MESSAGE],
      [booked.session.id, ALREADY_BOOKED_MESSAGE],
    ];
    for (const [id, message] of cases) {
      const response = await add(id);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { items: [message] } });
    }
    expect((await add(999_999)).statusCode).toBe(404);
    expect((await call('POST', '/api/cart/add', { items: [{ id: 1, type: 'membership' }] })).statusCode).toBe(
      422,
    );
  });

  it("keeps baskets apart: another customer's line answers 404", async () => {
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(50) });
    const theirs = cartOf(await add(s.session.id, otherSession));
    const itemId = theirs.items[0]!.id;
    for (const [method, url, payload] of [
      ['POST', '/api/cart/remove', { cart_item_ids: [itemId] }],
      ['PUT', `/api/cart/${itemId}`, { quantity: 1 }],
      ['DELETE', `/api/activities/benefit/remove/${itemId}`, undefined],
      ['DELETE', `/api/activities/package/remove/${itemId}`, undefined],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    expect(cartOf(await call('GET', '/api/cart', undefined, otherSession)).items).toHaveLength(1);
    expect((await call('GET', `/api/cart?selected_user_id=${other.id}`)).statusCode).toBe(403);
    await call('DELETE', '/api/cart', undefined, otherSession);
  });

  it('flags lines whose session filled up or started since', async () => {
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(60), capacity: 1 });
    const cart = cartOf(await add(s.session.id));
    expect(cart.items.find((i) => i.cartable_id === s.session.id)!.problem).toBeNull();
    await t.db.update(activitySessions).set({ bookedCount: 1 }).where(eq(activitySessions.id, s.session.id));
    const after = cartOf(await call('GET', '/api/cart'));
    expect(after.items.find((i) => i.cartable_id === s.session.id)!.problem).toBe(SESSION_FULL_MESSAGE);
    const cleared = cartOf(await call('DELETE', '/api/cart'));
    expect(cleared.items).toEqual([]);
    expect(cleared.version).toBe(after.version + 1);
  });

  it('takes unpaid fees of the caller only', async () => {
    const fee = await createPenalty(t.db, { customerId: me.id, venueId: venue.id, amount: 500 });
    const theirFee = await createPenalty(t.db, { customerId: other.id, venueId: venue.id });
    expect((await add(theirFee.id, session, 'penalty')).statusCode).toBe(404);
    const cart = cartOf(await add(fee.id, session, 'penalty'));
    expect(cart.items[0]).toMatchObject({
      name: 'Late cancellation fee',
      cartable_type: 'penalty',
      cartable_id: fee.id,
      price: { raw: 500 },
      cartable_resource: { venue_name: venue.name, starts_at: null },
    });
    await call('DELETE', '/api/cart');
  });
});

const member = await createCustomer(t.db, { clientId: client.id });
const memberSession = await login(app, member);
await createMembershipWithBenefit(t.db, {
  clientId: client.id,
  customerId: member.id,
  venueId: venue.id,
  benefit: { name: 'Free swim', activityCategory: 'Aquatics', discountPercent: 100, usesPerPeriod: 1 },
});
await createPackage(t.db, { customerId: member.id, name: '10 Yoga Class Pass', sessionsRemaining: 6 });
await createCredit(t.db, { customerId: member.id, amount: 1250, expiresAt: at(24 * 30) });
await createCredit(t.db, { customerId: member.id, amount: 9999, expiresAt: at(-1) }); // expired
await createCredit(t.db, { customerId: member.id, amount: 1000, kind: 'membership' });

describe('benefits, packages and credit', () => {
  it('applies a benefit (free) and a package automatically, and caps the credit that may apply', async () => {
    const swim1 = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(30),
      name: 'Lane Swimming',
      category: 'Aquatics',
      price: 450,
    });
    const swim2 = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(54),
      name: 'Lane Swimming',
      category: 'Aquatics',
      price: 450,
    });
    const yoga = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(31),
      name: 'Yoga',
      category: 'Mind & Body',
      price: 700,
    });
    const response = await call(
      'POST',
      '/api/cart/add',
      { items: [swim1, swim2, yoga].map((s) => ({ id: s.session.id, type: 'activity' })) },
      memberSession,
    );
    const cart = cartOf(response);
    expect(cart.items.map((i) => [i.price.raw, i.price.benefit_name, i.price.package_name])).toEqual([
      [0, 'Free swim', null],
      [450, null, null], // the benefit has one use a month
      [0, null, '10 Yoga Class Pass'],
    ]);
    expect(cart.items[0]!.price).toMatchObject({ benefit_applied: true, original: { raw: 450 } });
    expect(cart.items[2]!.price.package_applied).toBe(true);
    expect(cart.totals).toMatchObject({ total: { raw: 450 }, tax_total: { raw: 75 } });
    expect(cart.credits).toEqual({
      general: {
        total_available: { raw: 1250, formatted: '£12.50' },
        max_applicable: { raw: 450, formatted: '£4.50' },
      },
      membership: {
        total_available: { raw: 1000, formatted: '£10.00' },
        max_applicable: { raw: 0, formatted: '£0.00' },
      },
    });

    // Removing the benefit reverts the line to full price and it is not applied again.
    const noBenefit = cartOf(
      await call('DELETE', `/api/activities/benefit/remove/${cart.items[0]!.id}`, undefined, memberSession),
    );
    expect(noBenefit.items.map((i) => [i.price.raw, i.price.benefit_applied])).toEqual([
      [450, false],
      [0, true], // the second swim now gets the use
      [0, false],
    ]);
    expect(noBenefit.version).toBe(cart.version + 1);
    const again = await call(
      'DELETE',
      `/api/activities/benefit/remove/${cart.items[0]!.id}`,
      undefined,
      memberSession,
    );
    expect(again.statusCode).toBe(422);
    const noPackage = cartOf(
      await call('DELETE', `/api/activities/package/remove/${cart.items[2]!.id}`, undefined, memberSession),
    );
    expect(noPackage.items[2]!.price).toMatchObject({ raw: 700, package_applied: false });
    expect(noPackage.totals.total.raw).toBe(1150);

    // Credit on the basket is capped at what may apply; offline tenders need a front-of-house device.
    const withCredit = cartOf(
      await call(
        'PUT',
        '/api/cart/payments',
        { payments: [{ tender_type: 'credit', amount: 5000 }] },
        memberSession,
      ),
    );
    expect(withCredit.payments).toEqual([
      { tender_type: 'credit', amount: { raw: 1150, formatted: '£11.50' } },
    ]);
    expect(withCredit.totals).toMatchObject({
      credit_applied: { raw: 1150 },
      total_to_pay: { raw: 0 },
      balance: { raw: 0 },
    });
    const cash = await call(
      'PUT',
      '/api/cart/payments',
      { payments: [{ tender_type: 'cash', amount: 100 }] },
      memberSession,
    );
    expect(cash.statusCode).toBe(403);
    const cleared = cartOf(
      await call(
        'PUT',
        '/api/cart/payments',
        { payments: [{ tender_type: 'credit', amount: 0 }] },
        memberSession,
      ),
    );
    expect(cleared.payments).toEqual([]);
    expect(cleared.totals.total_to_pay.raw).toBe(1150);
  });

  it("lets the desk put cash against a member's basket; the member's own session cannot", async () => {
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [venue.id] });
    const cash = { payments: [{ tender_type: 'cash', amount: 500 }] };
    const own = await call('PUT', '/api/cart/payments', cash, memberSession);
    expect(own.statusCode).toBe(403);
    const response = await app.inject({
      method: 'PUT',
      url: `/api/staff/desk/customers/${member.id}/basket/payments`,
      headers: desk.headers,
      payload: cash,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(cartOf(response).totals).toMatchObject({ total_to_pay: { raw: 650 } });
    // The member sees the cash on their basket too (it is the same basket).
    expect(cartOf(await call('GET', '/api/cart', undefined, memberSession)).totals).toMatchObject({
      total_to_pay: { raw: 650 },
    });
    // Removing a line keeps only credit payments.
    const cart = cartOf(await call('GET', '/api/cart', undefined, memberSession));
    const after = cartOf(
      await call('POST', '/api/cart/remove', { cart_item_ids: [cart.items[0]!.id] }, memberSession),
    );
    expect(after.payments).toEqual([]);
  });
});
