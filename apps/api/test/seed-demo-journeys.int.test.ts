import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FULL_SESSION, DEMO_NEARLY_FULL_SESSION } from '../src/db/seed-data.ts';
import { DEMO_EMAIL, DEMO_HOME_VENUE_SLUG, DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { login, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const now = new Date();

// Seeded as `npm start` seeds it (seed-demo-data.int.test.ts checks the seeding itself).
beforeAll(async () => {
  await seedDemo(t.db, { now });
});

describe('seedDemo', () => {
  it('demonstrates the booking journey: full and nearly full sessions, waiver, benefit, package, terms, saved card', async () => {
    const app = await t.buildTestApp();
    const session = await login(app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const timetable = (
      await app.inject({
        method: 'GET',
        url: `/api/venues/${DEMO_HOME_VENUE_SLUG}/sessions`,
        headers: session.headers,
      })
    ).json().data;
    type S = {
      id: number;
      name: string;
      state: string;
      places_left: number;
      starts_at: { time: string; date: string };
      requires_waiver: boolean;
      category: { name: string };
    };
    const sessions = timetable.sessions as S[];
    const days = [...new Set(sessions.map((s) => s.starts_at.date))];
    const full = sessions.find(
      (s) =>
        s.name === DEMO_FULL_SESSION.name &&
        s.starts_at.time === DEMO_FULL_SESSION.time &&
        s.starts_at.date === days[DEMO_FULL_SESSION.dayOffset],
    )!;
    expect(full).toMatchObject({ state: 'full', places_left: 0 });
    const nearly = sessions.find(
      (s) =>
        s.name === DEMO_NEARLY_FULL_SESSION.name &&
        s.starts_at.time === DEMO_NEARLY_FULL_SESSION.time &&
        s.starts_at.date === days[DEMO_NEARLY_FULL_SESSION.dayOffset],
    )!;
    expect(nearly).toMatchObject({ state: 'bookable', places_left: 1 });
    expect(sessions.some((s) => s.name === 'Body Pump' && s.requires_waiver)).toBe(true);
    const mine = (
      await app.inject({
        method: 'GET',
        url: `/api/venues/${DEMO_HOME_VENUE_SLUG}/sessions/mine`,
        headers: session.headers,
      })
    ).json().data.sessions as { id: number; state: string }[];
    expect(mine.some((s) => s.state === 'booked' && sessions.some((t) => t.id === s.id))).toBe(true);
    expect(sessions.some((s) => s.state === 'not_released')).toBe(true);

    const joined = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: session.headers,
      payload: { session_id: full.id },
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.order).toBe(3);

    // Bookable for this member: bookable for everyone and none of their own (the timetable is everyone's).
    const hers = new Set(mine.map((s) => s.id));
    const swim = sessions.find(
      (s) => s.state === 'bookable' && !hers.has(s.id) && s.category.name === 'Aquatics',
    )!;
    const yoga = sessions.find((s) => s.state === 'bookable' && !hers.has(s.id) && s.name === 'Yoga')!;
    const cart = (
      await app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: session.headers,
        payload: { items: [swim, yoga, nearly].map((s) => ({ id: s.id, type: 'activity' })) },
      })
    ).json().data;
    expect(
      cart.items.map((i: { price: { benefit_name: string | null; package_name: string | null } }) => [
        i.price.benefit_name,
        i.price.package_name,
      ]),
    ).toEqual([
      ['Free swim', null],
      [null, '10 Yoga Class Pass'],
      ['Half-price court hire', null],
    ]);
    expect(cart.totals.total.raw).toBe(600);
    expect(cart.credits.general.total_available.raw).toBe(950);

    const terms = (await app.inject({ method: 'GET', url: '/api/terms' })).json().data;
    expect(terms.map((x: { title: string }) => x.title)).toEqual(['Booking terms and conditions']);
    const cards = (
      await app.inject({ method: 'GET', url: '/api/my-account/saved-cards', headers: session.headers })
    ).json().data;
    expect(cards).toEqual([
      expect.objectContaining({ brand: 'Visa', last_four_digits: '4242', expired: false }),
    ]);

    // The saved card really pays (the sandbox knows it).
    const done = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'saved_card', saved_card_id: cards[0].id },
      },
    });
    expect(done.statusCode).toBe(200);
    const order = (
      await app.inject({
        method: 'GET',
        url: `/api/orders/${done.json().data.order_id}`,
        headers: session.headers,
      })
    ).json().data;
    expect(order).toMatchObject({
      payment_type: 'Card',
      total: { raw: 600 },
      payments: [{ tender_type: 'card', amount: { raw: 600 }, card: 'Visa ending in 4242' }],
    });
  });

  it('demonstrates the payments area and guest passes: two fees, credit history, cards, receipts, passes', async () => {
    const app = await t.buildTestApp();
    const session = await login(app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: session.headers });
      expect(response.statusCode, url).toBe(200);
      return response.json().data;
    };

    const fees = await get('/api/user/penalties');
    expect(
      fees.map((f: { description: string; fee_amount: { formatted: string } }) => [
        f.description,
        f.fee_amount.formatted,
      ]),
    ).toEqual([
      ['No-show fee', '£3.00'],
      ['Late cancellation fee', '£5.00'],
    ]);
    expect(fees.every((f: { booking: unknown }) => f.booking !== null)).toBe(true);

    expect(await get('/api/credits/user')).toMatchObject({
      general_credit: { total_available: { raw: 950 } },
      membership_credit: { total_available: { raw: 1000 } },
      credit_balance: { raw: 1950, formatted: '£19.50' },
    });
    const added = await get('/api/credits/user/credit-transactions?type=added');
    expect(added.transactions).toHaveLength(4);
    expect(added.transactions.filter((x: { expired: boolean }) => x.expired)).toHaveLength(2);
    const spent = await get('/api/credits/user/credit-transactions?type=spent');
    expect(spent.transactions.map((x: { related_item: string }) => x.related_item)).toEqual([
      'Yoga',
      'Lane Swimming',
    ]);
    expect(spent.transactions.every((x: { spent_at_location: string | null }) => x.spent_at_location)).toBe(
      true,
    );

    const [card] = await get('/api/my-account/saved-cards');
    expect(card).toMatchObject({ address_line1: '12 Middleton Grove', city: 'Leeds', post_code: 'LS11 5DJ' });
    const priya = await login(app, { username: 'FH100004', password: DEMO_PASSWORD });
    const priyaCards = (
      await app.inject({ method: 'GET', url: '/api/my-account/saved-cards', headers: priya.headers })
    ).json().data;
    expect(priyaCards).toEqual([
      expect.objectContaining({
        brand: 'Mastercard',
        last_four_digits: '4444',
        expired: true,
        recently_expired: true,
      }),
    ]);

    const { orders } = await get('/api/orders');
    expect(orders.length).toBeGreaterThanOrEqual(8);
    expect(
      orders.every(
        (o: { created_at: { raw: string } }) => new Date(o.created_at.raw).getTime() <= Date.now(),
      ),
    ).toBe(true);
    const receipt = await get(`/api/my-account/orders/${orders[0].uuid}/receipt`);
    expect(Buffer.from(receipt.contents, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const user = await get('/api/auth/user');
    const allowances = await get(`/api/v1/users/${user.id}/guestPasses/allowances`);
    expect(
      allowances.map((a: { name: string; type: string; uses_remaining: number; venues: unknown[] }) => [
        a.name,
        a.type,
        a.uses_remaining,
        a.venues.length,
      ]),
    ).toEqual([
      ['Gym & Swim guest passes', 'benefit', 2, 14],
      ['5 Guest Pass Bundle', 'package', 3, 3],
    ]);
    const page1 = await get(`/api/v1/users/${user.id}/guestPasses`);
    expect(page1.pagination).toMatchObject({ total_pages: 2, total_records: 14 });
    const page2 = await get(`/api/v1/users/${user.id}/guestPasses?page=2`);
    const statuses = new Set(
      [...page1.guest_passes, ...page2.guest_passes].map((p: { status: string }) => p.status),
    );
    expect([...statuses].sort()).toEqual(['expired', 'issued', 'redeemed']);
  });
  it('gives Ben (FH100007) and Chloe (FH100008) their own fees, credit, saved card and guest-pass bundle', async () => {
    const app = await t.buildTestApp();
    for (const username of ['FH100007', 'FH100008']) {
      const member = await login(app, { username, password: DEMO_PASSWORD });
      const get = async (url: string) => {
        const response = await app.inject({ method: 'GET', url, headers: member.headers });
        expect(response.statusCode, url).toBe(200);
        return response.json().data;
      };
      const fees = await get('/api/user/penalties');
      expect(fees.map((f: { fee_amount: { raw: number } }) => f.fee_amount.raw).sort()).toEqual([300, 500]);
      expect((await get('/api/credits/user')).credit_balance.raw).toBe(600);
      expect(await get('/api/my-account/saved-cards')).toEqual([
        expect.objectContaining({ brand: 'Visa', last_four_digits: '4242', expired: false }),
      ]);
      const userId = (await get('/api/auth/user')).id;
      expect(await get(`/api/v1/users/${userId}/guestPasses/allowances`)).toEqual([
        expect.objectContaining({ name: '5 Guest Pass Bundle', uses_remaining: 5, type: 'package' }),
      ]);
    }
  });

  it('gives Dana (FH100009) and Eli (FH100010) memberships to change, renew, freeze, cancel and prove', async () => {
    const app = await t.buildTestApp();
    for (const email of ['dana@fieldhouse.test', 'eli@fieldhouse.test']) {
      const member = await login(app, { email, password: DEMO_PASSWORD });
      const get = async (url: string) => {
        const response = await app.inject({ method: 'GET', url, headers: member.headers });
        expect(response.statusCode, url).toBe(200);
        return response.json().data;
      };
      const list: {
        id: number;
        membership_type: { name: string };
        status: string;
        [key: string]: unknown;
      }[] = await get('/api/my-account/user/memberships');
      const byName = new Map(list.map((m) => [m.membership_type.name, m]));
      expect([...byName.keys()].sort()).toEqual([
        '12 Month Saver',
        'Gym & Swim',
        'Off-Peak',
        'Student',
        'Swim Only',
      ]);
      expect(list.every((m) => m.status === 'active')).toBe(true);
      expect(byName.get('Gym & Swim')).toMatchObject({ freezable: true });
      expect(byName.get('Swim Only')).toMatchObject({ can_change: true });
      expect(byName.get('12 Month Saver')).toMatchObject({ renewable: true, can_renew: true });
      expect(byName.get('Off-Peak')).toMatchObject({ cancellable: true });
      expect(byName.get('Student')).toMatchObject({
        document: null,
        membership_type: {
          eligibility_criterion: expect.objectContaining({ document_types: expect.any(Array) }),
        },
      });
      const user = await get('/api/auth/user');
      expect(user).toMatchObject({
        membership_document_upload_required: true,
        has_outstanding_penalties: true,
        has_instruction: true,
        has_billing_date: true,
      });
      const types = await get(`/api/user/memberships/${byName.get('Gym & Swim')!.id}/freezetypes`);
      expect(types.freeze_types.map((f: { reason: string }) => f.reason)).toEqual([
        'Medical',
        'Holiday',
        'Pregnancy',
      ]);
    }
  });
});
