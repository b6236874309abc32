/**
 * VAT (issue 37 item 2, decision 082): a treatment per product from the catalogue, stored with its rate and amount on
 * every order line at checkout, printed on receipts per rate with the operator's VAT number, and the VAT summary of a
 * period (sales, refunds, net of refunds by treatment and rate) for administrators, finance and centre managers (their
 * venues), as JSON and CSV.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ERROR_TEXTS, REPORT_TEXTS, type VatSummary } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/references.ts';
import { activities, orderItems, refunds } from '../src/db/schema.ts';
import { importCatalogue, validateCatalogue } from '../src/services/catalogue/index.ts';
import {
  cardToken,
  createBooking,
  createClient,
  createCustomer,
  createOrder,
  createSession,
  createVenue,
  login,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';
import { pdfText } from './pdf-text.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, {
  name: 'Fieldhouse Leisure',
  supportEmail: 'hello@fieldhouse.test',
  address: '1 Wellington Place\nLeeds\nLS1 4AP',
  vatNumber: 'GB123456789',
});
const leeds = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const bradford = await createVenue(t.db, { clientId: client.id, name: 'Bradford' });
const app = await t.buildTestApp();
const admin = await staffSessionFor(t.db, { role: 'administrator' });
const finance = await staffSessionFor(t.db, { role: 'finance' });
const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [leeds.id] });
const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [leeds.id] });

const setVat = (activityId: number, treatment: 'standard' | 'reduced' | 'zero' | 'exempt') =>
  t.db.update(activities).set({ vatTreatment: treatment }).where(eq(activities.id, activityId));

describe('checkout and receipt', async () => {
  const customer = await createCustomer(t.db, { clientId: client.id });
  const session = await login(app, customer);
  const soon = new Date(Date.now() + 30 * 3_600_000);
  const { session: spin } = await createSession(t.db, {
    venueId: leeds.id,
    startsAt: soon,
    name: 'Spin',
    price: 650,
  });
  const { session: lesson, activity: lessonActivity } = await createSession(t.db, {
    venueId: leeds.id,
    startsAt: soon,
    name: 'Adult Swimming Lessons',
    price: 1200,
  });
  const { session: talk, activity: talkActivity } = await createSession(t.db, {
    venueId: leeds.id,
    startsAt: soon,
    name: 'Energy-saving talk',
    price: 525,
  });
  await setVat(lessonActivity.id, 'exempt');
  await setVat(talkActivity.id, 'reduced');
  const added = await app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: session.headers,
    payload: {
      items: [spin, lesson, talk].map((s) => ({ id: s.id, type: 'activity' })),
    },
  });
  const done = await app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: session.headers,
    payload: {
      terms: true,
      cart_version: added.json().data.version,
      payments: [],
      payment_method: { type: 'token', token: await cardToken(app) },
    },
  });

  it('the basket’s tax total is the sum of its lines’ VAT, each at its own rate', () => {
    expect(added.statusCode).toBe(200);
    // Spin 650 at 20%: 650 × 2000 / 12000 = 108.33 → 108; lesson exempt: 0; talk 525 at 5%: 525 × 500 / 10500 = 25.
    expect(added.json().data.totals.tax_total).toEqual({ raw: 133, formatted: '£1.33' });
    expect(added.json().data.totals.total.raw).toBe(650 + 1200 + 525);
  });

  it('stores each line’s treatment, rate and VAT as sold', async () => {
    expect(done.statusCode).toBe(200);
    const lines = await t.db
      .select({
        name: orderItems.name,
        price: orderItems.price,
        treatment: orderItems.vatTreatment,
        rate: orderItems.vatRate,
        vat: orderItems.vatAmount,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, done.json().data.order_id))
      .orderBy(orderItems.id);
    expect(lines).toEqual([
      { name: 'Spin', price: 650, treatment: 'standard', rate: 2000, vat: 108 },
      { name: 'Adult Swimming Lessons', price: 1200, treatment: 'exempt', rate: 0, vat: 0 },
      { name: 'Energy-saving talk', price: 525, treatment: 'reduced', rate: 500, vat: 25 },
    ]);
  });

  it('the receipt shows the VAT number, each rate’s net and VAT, and the exempt line', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/my-account/orders/${done.json().data.order_uuid}/receipt`,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(Buffer.from(response.json().data.contents, 'base64'));
    for (const expected of [
      'VAT registration number GB123456789',
      'Exempt from VAT',
      'Subtotal (excl. VAT)',
      '£22.42', // 2375 − 133
      '£1.33',
      'VAT rate',
      'Standard 20%',
      '£5.42', // net of 650 at 20%: 650 − 108
      '£1.08',
      'Reduced 5%',
      '£5.00', // net of 525 at 5%: 525 − 25
      '£0.25',
      'Exempt',
      '£12.00',
      '£23.75',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('VAT included at 20%');
  });

  it('a credit note shows the VAT of what was refunded, at each line’s rate', async () => {
    const orderId = done.json().data.order_id;
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${orderId}/refunds`,
      headers: admin.headers,
      payload: {
        idempotency_key: randomUUID(),
        destination: 'credit',
        reason: 'The pool was closed.',
        lines: [
          { order_item_id: lines[0]!.id, amount: 325 }, // Spin, standard: 325 × 2000 / 12000 = 54.17 → 54
          { order_item_id: lines[1]!.id, amount: 600 }, // the lesson, exempt: 0
        ],
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const note = await app.inject({
      method: 'GET',
      url: `/api/my-account/orders/${done.json().data.order_uuid}/credit-notes/${refunded.json().data.refund.id}`,
      headers: session.headers,
    });
    expect(note.statusCode, note.body).toBe(200);
    const text = await pdfText(Buffer.from(note.json().data.contents, 'base64'));
    for (const expected of [
      'Credit note',
      'VAT registration number GB123456789',
      'Exempt from VAT',
      'Standard 20%',
      '£2.71', // net of 325: 325 − 54
      '£0.54',
      'Exempt',
      '£6.00',
      '£9.25', // refunded: 325 + 600
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('VAT summary', async () => {
  // October 2026 at two venues. The clocks go back on 25 October: 1 October 00:30 BST is 30 September 23:30 UTC, and
  // 31 October 23:30 GMT is 31 October 23:30 UTC; 1 November 00:30 GMT is outside the period.
  const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId: leeds.id });
  const order = (venueId: number, createdAt: string, lines: Parameters<typeof createOrder>[1]['lines']) =>
    createOrder(t.db, {
      customerId: customer.id,
      venueId,
      createdAt: new Date(createdAt),
      total: lines!.reduce((sum, l) => sum + l.price, 0),
      lines,
    });
  const o1 = await order(leeds.id, '2026-10-05T10:00:00Z', [
    { kind: 'activity', name: 'Spin', price: 650 }, // standard: VAT 108
    { kind: 'activity', name: 'Swimming lesson', price: 1200, vatTreatment: 'exempt' }, // exempt: 0
  ]);
  await order(leeds.id, '2026-10-31T23:30:00Z', [
    { kind: 'activity', name: 'Talk', price: 1050, vatTreatment: 'reduced' }, // 1050 × 500 / 10500 = 50
  ]);
  const o3 = await order(leeds.id, '2026-09-30T23:30:00Z', [
    { kind: 'membership', name: 'Gym', price: 1300 }, // 1300 / 6 = 216.67 → 217
  ]);
  await order(leeds.id, '2026-11-01T00:30:00Z', [{ kind: 'activity', name: 'Late', price: 999 }]); // outside
  const o5 = await order(bradford.id, '2026-10-10T12:00:00Z', [
    { kind: 'activity', name: 'Court', price: 2000 }, // 333.33 → 333
    { kind: 'other', name: 'Book', price: 400, vatTreatment: 'zero' }, // 0
  ]);
  // A session cancelled by staff: its refund names the booking, not the line.
  const { session: yoga } = await createSession(t.db, {
    venueId: leeds.id,
    startsAt: new Date('2026-10-12T18:00:00Z'),
    name: 'Yoga',
  });
  const o6 = await order(leeds.id, '2026-10-11T09:00:00Z', []);
  const booking = await createBooking(t.db, {
    customerId: customer.id,
    sessionId: yoga.id,
    orderId: o6.order.id,
  });
  await t.db.insert(orderItems).values({
    orderId: o6.order.id,
    kind: 'activity',
    name: 'Yoga',
    price: 650, // standard: 108
    activitySessionId: yoga.id,
    bookingId: booking.id,
  });
  let key = 0;
  const refund = (
    o: { order: { id: number } },
    amount: number,
    createdAt: string,
    link: { orderItemId?: number; bookingId?: number },
  ) =>
    t.db.insert(refunds).values({
      customerId: customer.id,
      orderId: o.order.id,
      tender: 'cash',
      destination: 'cash',
      amount,
      status: 'succeeded',
      reason: 'Test',
      idempotencyKey: `vat-${++key}`,
      createdAt: new Date(createdAt),
      ...link,
    });
  await refund(o1, 325, '2026-10-20T10:00:00Z', { orderItemId: o1.items[0]!.id }); // 325 / 6 = 54.17 → 54
  await refund(o1, 1200, '2026-10-21T10:00:00Z', { orderItemId: o1.items[1]!.id }); // exempt: 0
  await refund(o5, 2000, '2026-10-22T10:00:00Z', { orderItemId: o5.items[0]!.id }); // 333
  await refund(o6, 650, '2026-10-13T10:00:00Z', { bookingId: booking.id }); // its booking's line: 108
  await refund(o3, 1300, '2026-11-02T10:00:00Z', { orderItemId: o3.items[0]!.id }); // outside the period

  const summary = async (query: string, who = admin) =>
    app.inject({ method: 'GET', url: `/api/staff/reports/vat?${query}`, headers: who.headers });
  const figures = (data: VatSummary) =>
    data.rows.map((r) => [
      r.label,
      r.sales.lines,
      r.sales.gross.raw,
      r.sales.vat.raw,
      r.sales.net.raw,
      r.refunds.count,
      r.refunds.gross.raw,
      r.refunds.vat.raw,
      r.net_of_refunds.gross.raw,
      r.net_of_refunds.vat.raw,
      r.net_of_refunds.net.raw,
    ]);

  it('gives an administrator every venue’s sales and refunds by treatment and rate (hand-computed)', async () => {
    const response = await summary('from=2026-10-01&to=2026-10-31');
    expect(response.statusCode).toBe(200);
    const data = response.json().data as VatSummary;
    expect(figures(data)).toEqual([
      // Standard: sales 650 + 1300 + 2000 + 650 = 4600, VAT 108 + 217 + 333 + 108 = 766, net 3834;
      // refunds 325 + 2000 + 650 = 2975, VAT 54 + 333 + 108 = 495; after refunds 1625, VAT 271, net 1354.
      ['Standard 20%', 4, 4600, 766, 3834, 3, 2975, 495, 1625, 271, 1354],
      ['Reduced 5%', 1, 1050, 50, 1000, 0, 0, 0, 1050, 50, 1000],
      ['Zero 0%', 1, 400, 0, 400, 0, 0, 0, 400, 0, 400],
      ['Exempt', 1, 1200, 0, 1200, 1, 1200, 0, 0, 0, 0],
    ]);
    // Totals: sales 4600 + 1050 + 400 + 1200 = 7250, VAT 816; refunds 4175, VAT 495; after 3075, VAT 321, net 2754.
    expect(data.totals.sales.gross).toEqual({ raw: 7250, formatted: '£72.50' });
    expect(data.totals.sales.vat.raw).toBe(816);
    expect(data.totals.refunds.gross.raw).toBe(4175);
    expect(data.totals.refunds.vat.raw).toBe(495);
    expect(data.totals.net_of_refunds).toEqual({
      gross: { raw: 3075, formatted: '£30.75' },
      vat: { raw: 321, formatted: '£3.21' },
      net: { raw: 2754, formatted: '£27.54' },
    });
    expect(data.vat_number).toBe('GB123456789');
    expect(data.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31', time_zone: 'Europe/London' });
    expect(data.period.venue_options.map((v) => v.name)).toEqual(['Bradford', 'Leeds Central']);
  });

  it('equals the sum of the period’s stored lines (the VAT the lines recorded, nothing recomputed)', async () => {
    const [sums] = await executeRows<{ gross: string; vat: string }>(
      t.db,
      sql`select sum(oi.price) as gross, sum(oi.vat_amount) as vat from order_items oi join orders o on o.id = oi.order_id
          where o.created_at >= '2026-09-30T23:00:00Z' and o.created_at < '2026-11-01T00:00:00Z'`,
    );
    const data = (await summary('from=2026-10-01&to=2026-10-31')).json().data as VatSummary;
    expect([data.totals.sales.gross.raw, data.totals.sales.vat.raw]).toEqual([
      Number(sums!.gross),
      Number(sums!.vat),
    ]);
  });

  it('gives finance the same, a centre manager only their venues, and front desk nothing', async () => {
    const all = (await summary('from=2026-10-01&to=2026-10-31')).json().data;
    expect((await summary('from=2026-10-01&to=2026-10-31', finance)).json().data).toEqual(all);

    const mine = await summary('from=2026-10-01&to=2026-10-31', manager);
    expect(mine.statusCode).toBe(200);
    expect(figures(mine.json().data)).toEqual([
      // Leeds only: standard 650 + 1300 + 650 = 2600, VAT 108 + 217 + 108 = 433; refunds 325 + 650 = 975, VAT 162.
      ['Standard 20%', 3, 2600, 433, 2167, 2, 975, 162, 1625, 271, 1354],
      ['Reduced 5%', 1, 1050, 50, 1000, 0, 0, 0, 1050, 50, 1000],
      ['Exempt', 1, 1200, 0, 1200, 1, 1200, 0, 0, 0, 0],
    ]);
    expect(mine.json().data.period.venue_options).toEqual([{ id: leeds.id, name: 'Leeds Central' }]);

    const theirs = await summary(`from=2026-10-01&to=2026-10-31&venue_id=${bradford.id}`, manager);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, REPORT_TEXTS.venueNotFound]);
    const refused = await summary('from=2026-10-01&to=2026-10-31', desk);
    expect(refused.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/reports/vat?from=2026-10-01&to=2026-10-31' }))
        .statusCode,
    ).toBe(401);
  });

  it('filters by one venue for an administrator', async () => {
    const response = await summary(`from=2026-10-01&to=2026-10-31&venue_id=${bradford.id}`);
    expect(figures(response.json().data)).toEqual([
      ['Standard 20%', 1, 2000, 333, 1667, 1, 2000, 333, 0, 0, 0],
      ['Zero 0%', 1, 400, 0, 400, 0, 0, 0, 400, 0, 400],
    ]);
  });

  it('refuses a bad period with the field’s message', async () => {
    const bad = await summary('from=2026-10-32&to=2026-10-31');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual([REPORT_TEXTS.dateFormat]);
    const backwards = await summary('from=2026-10-31&to=2026-10-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual([REPORT_TEXTS.toBeforeFrom]);
    const unknown = await summary('from=2026-10-01&to=2026-10-31&venue_id=999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, REPORT_TEXTS.venueNotFound]);
    expect(DEFAULT_ERROR_TEXTS.notFound).toBeTruthy();
  });

  it('exports the summary as CSV: pounds as numbers, rates as percentages, a total row', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/staff/reports/vat.csv?from=2026-10-01&to=2026-10-31',
      headers: finance.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="vat-summary-2026-10-01-to-2026-10-31.csv"',
    );
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'VAT rate,Treatment,Rate %,Lines sold,Sales gross,Sales VAT,Sales net,Refunds,Refunds gross,Refunds VAT,Refunds net,Gross after refunds,VAT after refunds,Net after refunds',
      'Standard 20%,standard,20.0,4,46.00,7.66,38.34,3,29.75,4.95,24.80,16.25,2.71,13.54',
      'Reduced 5%,reduced,5.0,1,10.50,0.50,10.00,0,0.00,0.00,0.00,10.50,0.50,10.00',
      'Zero 0%,zero,0.0,1,4.00,0.00,4.00,0,0.00,0.00,0.00,4.00,0.00,4.00',
      'Exempt,exempt,0.0,1,12.00,0.00,12.00,1,12.00,0.00,12.00,0.00,0.00,0.00',
      'Total,,,7,72.50,8.16,64.34,4,41.75,4.95,36.80,30.75,3.21,27.54',
      '',
    ]);
    const desk403 = await app.inject({
      method: 'GET',
      url: '/api/staff/reports/vat.csv?from=2026-10-01&to=2026-10-31',
      headers: desk.headers,
    });
    expect(desk403.statusCode).toBe(403);
  });
});

describe('migration 0040 and the database', () => {
  it('computes a line’s VAT from its price and rate, and refuses a rate on an exempt line', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const { items } = await createOrder(t.db, {
      customerId: customer.id,
      lines: [
        { kind: 'other', name: 'Half', price: 15 }, // 15 / 6 = 2.5 → 3 (halves away from zero)
        { kind: 'other', name: 'Reduced', price: 999, vatTreatment: 'reduced' }, // 47.57 → 48
      ],
    });
    expect(items.map((i) => [i.vatTreatment, i.vatRate, i.vatAmount])).toEqual([
      ['standard', 2000, 3],
      ['reduced', 500, 48],
    ]);
    await expect(
      t.db.insert(orderItems).values({
        orderId: items[0]!.orderId,
        kind: 'other',
        name: 'Bad',
        price: 100,
        vatTreatment: 'exempt',
        vatRate: 2000,
      }),
    ).rejects.toThrow();
  });
});

describe('catalogue', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const file = 'catalogue/examples/small-gym.yaml';

  it('imports a VAT treatment per activity and membership type, and the operator’s VAT number and fee VAT', async () => {
    const text = (await readFile(path.join(root, file), 'utf8'))
      .replace('    price: 650\n', '    price: 650\n    vat: exempt\n')
      .replace('    category: Adult\n', '    category: Adult\n    vat: reduced\n')
      .replace(
        '  support_email: hello@northgate-gym.example\n',
        '  support_email: hello@northgate-gym.example\n  vat:\n    registration_number: GB 987 6543 21\n    fees: exempt\n',
      );
    const result = await importCatalogue(t.db, { file, text, now: new Date('2026-11-24T10:00:00Z') });
    expect(result.ok).toBe(true);
    const rows = await executeRows<{ vat_number: string; fee_vat_treatment: string }>(
      t.db,
      sql`select vat_number, fee_vat_treatment from clients where slug = 'northgate-gym'`,
    );
    expect(rows).toEqual([{ vat_number: 'GB987654321', fee_vat_treatment: 'exempt' }]);
    const treatments = await executeRows<{ key: string; vat_treatment: string }>(
      t.db,
      sql`select a.key, a.vat_treatment from activities a join venues v on v.id = a.venue_id
          join clients c on c.id = v.client_id
          where c.slug = 'northgate-gym' and a.vat_treatment <> 'standard'
          union all
          select m.slug, m.vat_treatment from membership_types m join clients c on c.id = m.client_id
          where c.slug = 'northgate-gym' and m.vat_treatment <> 'standard'`,
    );
    expect(treatments).toEqual([
      { key: 'spin', vat_treatment: 'exempt' },
      { key: 'gym-monthly', vat_treatment: 'reduced' },
    ]);
  });

  it('refuses a treatment it does not know and a malformed VAT number, naming the field', async () => {
    const text = (await readFile(path.join(root, file), 'utf8'))
      .replace('    price: 650\n', '    price: 650\n    vat: luxury\n')
      .replace(
        '  support_email: hello@northgate-gym.example\n',
        '  support_email: hello@northgate-gym.example\n  vat:\n    registration_number: FR12345\n',
      );
    const result = validateCatalogue('gym.yaml', text);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'client.vat.registration_number: A VAT registration number is GB and 9 or 12 digits (GB123456789), or the digits alone.',
      expect.stringMatching(
        /^activities\[\d+\]\.vat: The VAT treatment is standard, reduced, zero or exempt\.$/,
      ),
    ]);
  });
});
