import { DEFAULT_ERROR_TEXTS, orderReply, ordersReply, receiptReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, membershipPromotions, orderItems, orders } from '../src/db/schema.ts';
import {
  cardToken,
  createClient,
  createCredit,
  createCustomer,
  createMandate,
  createMembership,
  createMembershipType,
  createOrder,
  createPaymentOption,
  createPenalty,
  createSession,
  createVenue,
  login,
  type Session,
  setupTestDatabase,
} from './helper.ts';
import { pdfText } from './pdf-text.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, {
  name: 'Fieldhouse Leisure',
  supportEmail: 'hello@fieldhouse.test',
  address: '1 Wellington Place\nLeeds\nLS1 4AP',
  phone: '0113 496 0000',
});
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp();

const get = (who: Session, url: string) => app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/orders (order history with a venue-local date filter)', async () => {
  const customer = await createCustomer(t.db, { clientId: client.id });
  const session = await login(app, customer);
  const other = await createCustomer(t.db, { clientId: client.id });
  const otherSession = await login(app, other);

  /** An order placed at a UTC instant, with `items` lines. */
  async function orderAt(iso: string, total = 650, items = 1, customerId = customer.id) {
    const lines = Array.from({ length: items }, () => ({ kind: 'other' as const, name: 'x', price: 0 }));
    return (await createOrder(t.db, { customerId, total, createdAt: new Date(iso), lines })).order;
  }
  // Around the October 2026 clock change (25 Oct: BST until 01:00 UTC, then GMT; the day has 25 hours).
  const lastOfSaturday = await orderAt('2026-10-24T22:59:00Z'); // Sat 24 Oct 23:59 BST
  const firstOfSunday = await orderAt('2026-10-24T23:00:00Z'); // Sun 25 Oct 00:00 BST
  const lastOfSunday = await orderAt('2026-10-25T23:59:00Z', 1150, 2); // Sun 25 Oct 23:59 GMT
  const firstOfMonday = await orderAt('2026-10-26T00:00:00Z'); // Mon 26 Oct 00:00 GMT
  // Around the March 2026 change (29 Mar: GMT until 01:00 UTC, then BST; 23 hours).
  const lastOfMarch28 = await orderAt('2026-03-28T23:59:00Z'); // Sat 28 Mar 23:59 GMT
  const firstOfMarch29 = await orderAt('2026-03-29T00:00:00Z'); // Sun 29 Mar 00:00 GMT
  const lastOfMarch29 = await orderAt('2026-03-29T22:59:00Z'); // Sun 29 Mar 23:59 BST
  const firstOfMarch30 = await orderAt('2026-03-29T23:00:00Z'); // Mon 30 Mar 00:00 BST
  const othersOrder = await orderAt('2026-10-25T12:00:00Z', 650, 1, other.id);

  const ids = async (query: string) => {
    const response = await get(session, `/api/orders${query}`);
    expect(response.statusCode).toBe(200);
    return ordersReply.parse(response.json()).data.orders.map((o) => o.id);
  };

  it("lists the caller's orders newest first, in the list shape", async () => {
    const response = await get(session, '/api/orders');
    const list = ordersReply.parse(response.json()).data.orders;
    expect(list.map((o) => o.id)).toEqual([
      firstOfMonday.id,
      lastOfSunday.id,
      firstOfSunday.id,
      lastOfSaturday.id,
      firstOfMarch30.id,
      lastOfMarch29.id,
      firstOfMarch29.id,
      lastOfMarch28.id,
    ]);
    expect(list[1]).toEqual({
      id: lastOfSunday.id,
      uuid: lastOfSunday.uuid,
      created_at: { raw: '2026-10-25T23:59:00.000Z', datetime_string: '25/10/2026 23:59' },
      total: '£11.50',
      payment_type: 'Card',
      item_count: 2,
    });
    expect(list.find((o) => o.id === firstOfSunday.id)!.created_at.datetime_string).toBe('25/10/2026 00:00');
    expect(list.map((o) => o.id)).not.toContain(othersOrder.id);
  });

  it('includes the whole of `to` (23:59 local) and nothing of the next day, on the 25-hour day', async () => {
    expect(await ids('?from=2026-10-25&to=2026-10-25')).toEqual([lastOfSunday.id, firstOfSunday.id]);
    expect(await ids('?from=2026-10-24&to=2026-10-24')).toEqual([lastOfSaturday.id]);
    expect(await ids('?from=2026-10-24&to=2026-10-26')).toEqual([
      firstOfMonday.id,
      lastOfSunday.id,
      firstOfSunday.id,
      lastOfSaturday.id,
    ]);
  });

  it('includes the whole of the 23-hour March day', async () => {
    expect(await ids('?from=2026-03-29&to=2026-03-29')).toEqual([lastOfMarch29.id, firstOfMarch29.id]);
  });

  it('takes one bound alone', async () => {
    expect(await ids('?from=2026-10-25')).toEqual([firstOfMonday.id, lastOfSunday.id, firstOfSunday.id]);
    expect(await ids('?to=2026-03-29')).toEqual([lastOfMarch29.id, firstOfMarch29.id, lastOfMarch28.id]);
  });

  it('answers an empty list for a range with no orders (or from after to), 422 for a bad date', async () => {
    expect(await ids('?from=2026-06-01&to=2026-06-30')).toEqual([]);
    expect(await ids('?from=2026-10-26&to=2026-10-25')).toEqual([]);
    const bad = await get(session, '/api/orders?from=2026-13-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['Date must be valid.']);
  });

  it("shows another customer none of the caller's orders; 401 without a session", async () => {
    const list = ordersReply.parse((await get(otherSession, '/api/orders')).json()).data.orders;
    expect(list.map((o) => o.id)).toEqual([othersOrder.id]);
    expect((await app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });
});

describe('GET /api/orders a page at a time', async () => {
  const customer = await createCustomer(t.db, { clientId: client.id });
  const session = await login(app, customer);
  // 1,000 orders, one a minute from 1 Jan 2026 10:00 UTC (the newest is #1000), each with one line.
  const start = Date.parse('2026-01-01T10:00:00Z');
  const inserted = await t.db
    .insert(orders)
    .values(
      Array.from({ length: 1000 }, (_, i) => ({
        customerId: customer.id,
        total: 100 + i,
        paymentType: 'Card',
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: orders.id });
  await t.db
    .insert(orderItems)
    .values(inserted.map((o) => ({ orderId: o.id, kind: 'other' as const, name: 'x', price: 0 })));
  const newestFirst = inserted.map((o) => o.id).reverse();

  const page = async (query: string) => {
    const response = await get(session, `/api/orders${query}`);
    expect(response.statusCode, query).toBe(200);
    return ordersReply.parse(response.json()).data;
  };

  it('answers the first 20 by default, newest first, with the totals', async () => {
    const response = await get(session, '/api/orders');
    expect(response.body.length).toBeLessThan(8_000);
    const { orders: list, pagination } = ordersReply.parse(response.json()).data;
    expect(list.map((o) => o.id)).toEqual(newestFirst.slice(0, 20));
    expect(list[0]).toMatchObject({ total: '£10.99', item_count: 1 });
    expect(pagination).toEqual({
      current_page: 1,
      total_pages: 50,
      total_records: 1000,
      first_record_on_current_page: 1,
      last_record_on_current_page: 20,
    });
  });

  it('answers any page, the last one partly full, and an empty page past the end', async () => {
    const third = await page('?page=3&per_page=30');
    expect(third.orders.map((o) => o.id)).toEqual(newestFirst.slice(60, 90));
    expect(third.pagination).toMatchObject({
      current_page: 3,
      total_pages: 34,
      first_record_on_current_page: 61,
    });
    const last = await page('?page=34&per_page=30');
    expect(last.orders.map((o) => o.id)).toEqual(newestFirst.slice(990));
    expect(last.pagination).toMatchObject({
      total_records: 1000,
      first_record_on_current_page: 991,
      last_record_on_current_page: 1000,
    });
    const past = await page('?page=35&per_page=30');
    expect(past.orders).toEqual([]);
    expect(past.pagination).toMatchObject({
      current_page: 35,
      total_pages: 34,
      last_record_on_current_page: 0,
    });
  });

  it('pages within a date filter, counting only the orders in it', async () => {
    // 1 Jan 2026 (GMT): 10:00 to 23:59 holds the first 840 orders; 2 Jan the remaining 160.
    const secondDay = await page('?from=2026-01-02&per_page=100&page=2');
    expect(secondDay.pagination).toMatchObject({ total_records: 160, total_pages: 2, current_page: 2 });
    expect(secondDay.orders.map((o) => o.id)).toEqual(newestFirst.slice(100, 160));
  });

  it('allows at most 100 a page and refuses page values that are not whole numbers from 1 with 422', async () => {
    expect((await page('?per_page=100')).orders).toHaveLength(100);
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=',
      'per_page=0',
      'per_page=101',
    ]) {
      const response = await get(session, `/api/orders?${query}`);
      expect(response.statusCode, query).toBe(422);
      const field = query.split('=')[0]!;
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });
});

describe('GET /api/my-account/orders/:uuid/receipt', async () => {
  const customer = await createCustomer(t.db, {
    clientId: client.id,
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex.morgan@test.example',
  });
  const session = await login(app, customer);
  const other = await createCustomer(t.db, { clientId: client.id });
  const otherSession = await login(app, other);

  // A basket of a class and a fee, paid with £2.00 of credit and the rest by card.
  const { session: yoga } = await createSession(t.db, {
    venueId: venue.id,
    startsAt: new Date(Date.now() + 30 * 3_600_000),
    name: 'Yoga Flow',
    locationName: 'Studio 2',
    price: 650,
  });
  const fee = await createPenalty(t.db, { customerId: customer.id, venueId: venue.id, amount: 500 });
  await createCredit(t.db, { customerId: customer.id, amount: 200 });
  const added = await app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: session.headers,
    payload: {
      items: [
        { id: yoga.id, type: 'activity' },
        { id: fee.id, type: 'penalty' },
      ],
    },
  });
  const done = await app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: session.headers,
    payload: {
      terms: true,
      cart_version: added.json().data.version,
      payments: [{ tender_type: 'credit', amount: 200 }],
      payment_method: { type: 'token', token: await cardToken(app) },
    },
  });
  const { order_id: orderId, order_uuid: uuid } = done.json().data as {
    order_id: number;
    order_uuid: string;
  };

  it('is a valid PDF naming the operator, customer, order, items, VAT-style totals and payments', async () => {
    expect(done.statusCode).toBe(200);
    const response = await get(session, `/api/my-account/orders/${uuid}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { name, contents } = receiptReply.parse(response.json()).data;
    expect(name).toBe(`receipt-${orderId}.pdf`);
    const pdf = Buffer.from(contents, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const text = await pdfText(pdf);
    for (const expected of [
      'Fieldhouse Leisure',
      '1 Wellington Place',
      'LS1 4AP',
      'Telephone 0113 496 0000',
      'hello@fieldhouse.test',
      'Receipt',
      `Order number: ${orderId}`,
      'Alex Morgan',
      `Customer no ${customer.reference}`,
      'alex.morgan@test.example',
      'Yoga Flow',
      'Leeds Central, Studio 2',
      'Late cancellation fee',
      '£6.50',
      '£5.00',
      'Subtotal (excl. VAT)',
      '£9.58',
      'VAT included at 20%',
      '£1.92',
      'Total',
      '£11.50',
      'Visa ending in 4242',
      '£9.50',
      'Account credit',
      '£2.00',
      `Order reference ${uuid}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("answers 404 for another customer's receipt or an unknown order, 422 for a malformed uuid", async () => {
    for (const [who, url] of [
      [otherSession, `/api/my-account/orders/${uuid}/receipt`],
      [session, '/api/my-account/orders/00000000-0000-4000-8000-000000000000/receipt'],
    ] as const) {
      const response = await get(who, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    expect((await get(session, '/api/my-account/orders/12/receipt')).statusCode).toBe(422);
    expect(
      (await app.inject({ method: 'GET', url: `/api/my-account/orders/${uuid}/receipt` })).statusCode,
    ).toBe(401);
  });
});

describe('the receipt of a membership, for a member whose name needs more than Latin-1', async () => {
  const customer = await createCustomer(t.db, {
    clientId: client.id,
    firstName: 'Łukasz',
    lastName: 'Nowak-李',
    email: 'lukasz@test.example',
  });
  const session = await login(app, customer);
  const type = await createMembershipType(t.db, {
    clientId: client.id,
    slug: 'gym-swim',
    name: 'Gym & Swim',
  });
  const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
  const [promotion] = await t.db
    .insert(membershipPromotions)
    .values({ clientId: client.id, code: 'HALFJOIN', kind: 'percent', value: 50, appliesTo: 'joining_fee' })
    .returning();
  const mandate = await createMandate(t.db, {
    customerId: customer.id,
    reference: 'MD-SANDBOX-0042',
    accountHolder: 'Łukasz Nowak-李',
    accountNumberLast4: '5678',
  });
  // Joining on 24 Nov 2026 with billing day 1: setup fee, 7 days' pro-rata, a month in hand, half the setup fee off.
  const membership = await createMembership(t.db, {
    customerId: customer.id,
    membershipTypeId: type.id,
    paymentOptionId: option.id,
    homeVenueId: venue.id,
    reference: 'M-RECEIPT-1',
    startDate: '2026-11-24',
    nextPaymentDate: '2026-12-01',
    price: 3999,
    promotionId: promotion!.id,
    mandateId: mandate.id,
    joinCosts: {
      joiningFee: 1500,
      baseFee: 3999,
      proRataFee: 933,
      proRataDays: 7,
      monthInHandFee: 3999,
      discount: 750,
      totalToPayNow: 5682,
      firstBillingDate: '2026-12-01',
      billingDay: 1,
      usualPaymentDate: false,
    },
  });
  const { order } = await createOrder(t.db, {
    customerId: customer.id,
    total: 5682,
    lines: [{ kind: 'membership', name: 'Gym & Swim - Monthly', price: 5682, membershipId: membership.id }],
    payments: [{ tenderType: 'card', amount: 5682, cardDescription: 'Visa ending in 4242' }],
  });

  it('shows the breakdown the order page shows, with the pro-rata dates, the code and the mandate', async () => {
    const response = await get(session, `/api/my-account/orders/${order.uuid}/receipt`);
    expect(response.statusCode).toBe(200);
    const pdf = Buffer.from(receiptReply.parse(response.json()).data.contents, 'base64');
    const text = await pdfText(pdf);
    for (const expected of [
      'Gym & Swim - Monthly',
      'Starts 24 November 2026',
      'Leeds Central',
      '£56.82',
      'Start date: 24 November 2026',
      'Home centre: Leeds Central',
      'Payment: £39.99 per month',
      'First monthly payment: 1 December 2026',
      'Setup fee',
      '£15.00',
      'Pro-rata, 24 November 2026 to 30 November 2026 (7 days)',
      '£9.33',
      'Month in hand fee',
      '£39.99',
      'Code Applied: HALFJOIN',
      '−£7.50',
      'Direct debit mandate reference: MD-SANDBOX-0042',
    ]) {
      expect(text).toContain(expected);
    }
    // The order page's call carries the same details.
    const shown = orderReply.parse((await get(session, `/api/orders/${order.id}`)).json()).data;
    expect(shown.items[0]!.membership).toMatchObject({
      mandate_reference: 'MD-SANDBOX-0042',
      fees: [
        { label: 'Setup fee', detail: null },
        { label: 'Pro-rata', detail: '24 November 2026 to 30 November 2026, 7 days' },
        { label: 'Month in hand fee', detail: null },
        { label: 'Code Applied', detail: 'HALFJOIN', price: { raw: -750 } },
      ],
    });
    // The item line no longer says '-' for its date and venue.
    expect(text).not.toMatch(/Gym & Swim - Monthly\s+-\s+-/);
  });

  it("prints the member's name as written, in embedded fonts (the CJK one only when needed)", async () => {
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.lastName).toBe('Nowak-李');
    const response = await get(session, `/api/my-account/orders/${order.uuid}/receipt`);
    const pdf = Buffer.from(receiptReply.parse(response.json()).data.contents, 'base64');
    expect(await pdfText(pdf)).toContain('Łukasz Nowak-李');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    expect(raw).not.toContain('/Helvetica');
    // Subset: the whole receipt with both fonts stays small.
    expect(pdf.length).toBeLessThan(80_000);
  });
});
