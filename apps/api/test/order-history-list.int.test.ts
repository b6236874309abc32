import { ordersReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema.ts';
import { createCustomer, createOrder, login } from './helper.ts';
import { orderHistoryTestbed } from './order-history.fixtures.ts';

const { t, client, app, get } = await orderHistoryTestbed();

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
      // Nothing refunded on it (decision 074: the amount refunded, e.g. '£3.00', when there is one).
      refunded: null,
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

  it('takes the widest dates there are as no bound at all (it answered 500)', async () => {
    const all = await ids('');
    expect(await ids('?from=0000-01-01&to=9999-12-31')).toEqual(all);
    expect(await ids('?from=0001-01-01')).toEqual(all);
    expect(await ids('?to=9999-12-31')).toEqual(all);
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
