import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { directDebitPayments, refunds } from '../src/db/schema.ts';
import {
  createActivity,
  createClient,
  createCustomer,
  createMandate,
  createMembership,
  createMembershipType,
  createOrder,
  createPaymentOption,
  createPenalty,
  createSession,
  createVenue,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

/**
 * GET /api/staff/reports/takings (issue 37 item 1, decision 081): a month of activity built by hand at two venues,
 * October 2026 (the clocks go back on Sunday 25 October), and every figure checked against the arithmetic in the
 * comments. Days are London days: 00:30 BST on 1 October is 23:30 UTC on 30 September (in October), 23:30 BST on
 * 30 September is 22:30 UTC that day (not in October); 25 October is 25 hours long.
 */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const north = await createVenue(t.db, { clientId: client.id, slug: 'north', name: 'North Pool' });
const south = await createVenue(t.db, { clientId: client.id, slug: 'south', name: 'South Gym' });
const otherClient = await createClient(t.db);
const elsewhere = await createVenue(t.db, { clientId: otherClient.id, slug: 'elsewhere', name: 'Elsewhere' });
const app = await t.buildTestApp();

const passwordHash = 'not-a-login';
const nora = await createCustomer(t.db, { clientId: client.id, homeVenueId: north.id, passwordHash });
const sam = await createCustomer(t.db, { clientId: client.id, homeVenueId: south.id, passwordHash });

const swim = await createActivity(t.db, { venueId: north.id, name: 'Lane swim', price: 500 });
const spin = await createActivity(t.db, { venueId: south.id, name: 'Spin', price: 650 });
const swimSession = (
  await createSession(t.db, {
    venueId: north.id,
    activityId: swim.id,
    startsAt: new Date('2026-10-01T07:00:00Z'),
  })
).session;
const spinSession = (
  await createSession(t.db, {
    venueId: south.id,
    activityId: spin.id,
    startsAt: new Date('2026-10-06T17:00:00Z'),
  })
).session;

const at = (iso: string) => new Date(iso);

// O0: 23:30 BST on 30 September (22:30 UTC): September's, not October's. £10.00 card, an 'other' line.
const o0 = await createOrder(t.db, {
  customerId: nora.id,
  total: 1000,
  createdAt: at('2026-09-30T22:30:00Z'),
  lines: [{ kind: 'other', name: 'Gift', price: 1000 }],
  payments: [{ tenderType: 'card', amount: 1000, providerChargeId: 'ch_o0' }],
});
// O1: 00:30 BST on 1 October (23:30 UTC on 30 September): October's. Lane swim £5.00 by card, at North.
const o1 = await createOrder(t.db, {
  customerId: nora.id,
  total: 500,
  createdAt: at('2026-09-30T23:30:00Z'),
  lines: [{ kind: 'activity', name: 'Lane swim', price: 500, activitySessionId: swimSession.id }],
  payments: [{ tenderType: 'card', amount: 500, providerChargeId: 'ch_o1' }],
});
// O2: 5 October, two places on Spin at South, £13.00 in cash.
const o2 = await createOrder(t.db, {
  customerId: sam.id,
  total: 1300,
  createdAt: at('2026-10-05T10:00:00Z'),
  lines: [{ kind: 'activity', name: 'Spin × 2', price: 1300, activitySessionId: spinSession.id }],
  payments: [{ tenderType: 'cash', amount: 1300 }],
});
// O3: 10 October, a membership's first month at the desk, £39.99 by cheque: North (Nora's home venue).
await createOrder(t.db, {
  customerId: nora.id,
  total: 3999,
  createdAt: at('2026-10-10T12:00:00Z'),
  lines: [{ kind: 'membership', name: 'Adult monthly', price: 3999 }],
  payments: [{ tenderType: 'cheque', amount: 3999 }],
});
// O4: 00:30 BST on 25 October (23:30 UTC on the 24th): Spin £6.50 with a voucher, at South.
await createOrder(t.db, {
  customerId: sam.id,
  total: 650,
  createdAt: at('2026-10-24T23:30:00Z'),
  lines: [{ kind: 'activity', name: 'Spin', price: 650, activitySessionId: spinSession.id }],
  payments: [{ tenderType: 'offline-voucher', amount: 650 }],
});
// O5: 23:30 GMT on 25 October (after the clocks went back): a £5.00 fee, £2.00 of credit and £3.00 by card.
const fee = await createPenalty(t.db, { customerId: nora.id, venueId: north.id, amount: 500 });
await createOrder(t.db, {
  customerId: nora.id,
  total: 500,
  createdAt: at('2026-10-25T23:30:00Z'),
  lines: [{ kind: 'penalty', name: 'Late cancellation fee', price: 500, penaltyId: fee.id }],
  payments: [
    { tenderType: 'credit', amount: 200 },
    { tenderType: 'card', amount: 300, providerChargeId: 'ch_o5' },
  ],
});
// O6: 23:30 GMT on 31 October (the same in UTC): Lane swim £5.00 by card, October's last evening.
const o6 = await createOrder(t.db, {
  customerId: nora.id,
  total: 500,
  createdAt: at('2026-10-31T23:30:00Z'),
  lines: [{ kind: 'activity', name: 'Lane swim', price: 500, activitySessionId: swimSession.id }],
  payments: [{ tenderType: 'card', amount: 500, providerChargeId: 'ch_o6' }],
});
// O7: 00:30 GMT on 1 November: not October's.
await createOrder(t.db, {
  customerId: nora.id,
  total: 999,
  createdAt: at('2026-11-01T00:30:00Z'),
  lines: [{ kind: 'other', name: 'x', price: 999 }],
  payments: [{ tenderType: 'card', amount: 999, providerChargeId: 'ch_o7' }],
});

let refundKey = 0;
async function refund(
  values: Partial<typeof refunds.$inferInsert> & {
    orderId: number;
    customerId: number;
    amount: number;
    createdAt: Date;
  },
) {
  refundKey += 1;
  await t.db.insert(refunds).values({
    tender: 'card',
    destination: 'card',
    status: 'succeeded',
    reason: 'Report test',
    idempotencyKey: `report-refund-${refundKey}`,
    ...values,
  });
}
// R1, 6 October: one of O2's two Spin places refunded in cash at the desk (a partial refund of its line), £6.50.
await refund({
  orderId: o2.order.id,
  customerId: sam.id,
  orderItemId: o2.items[0]!.id,
  tender: 'cash',
  destination: 'cash',
  amount: 650,
  createdAt: at('2026-10-06T09:00:00Z'),
  refundedAt: at('2026-10-06T09:00:00Z'),
});
// R2, 2 October: O1 refunded in full to the card when its session was cancelled, still pending at the provider.
await refund({
  orderId: o1.order.id,
  customerId: nora.id,
  activitySessionId: swimSession.id,
  amount: 500,
  status: 'pending',
  providerChargeId: 'ch_o1',
  createdAt: at('2026-10-02T10:00:00Z'),
});
// R3, 3 October: September's O0 given back as account credit, £10.00: a refund of October, against card.
await refund({
  orderId: o0.order.id,
  customerId: nora.id,
  destination: 'credit',
  creditKind: 'general',
  amount: 1000,
  createdAt: at('2026-10-03T10:00:00Z'),
  refundedAt: at('2026-10-03T10:00:00Z'),
});
// R4, 00:30 GMT on 1 November: O6 refunded, November's.
await refund({
  orderId: o6.order.id,
  customerId: nora.id,
  amount: 500,
  providerChargeId: 'ch_o6',
  createdAt: at('2026-11-01T00:30:00Z'),
});

// Direct debits: Sam's membership (home venue South), and a collection of Nora's with no membership (North, her home).
const type = await createMembershipType(t.db, { clientId: client.id, name: 'Adult' });
const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
const samMandate = await createMandate(t.db, { customerId: sam.id });
const noraMandate = await createMandate(t.db, { customerId: nora.id });
const samMembership = await createMembership(t.db, {
  customerId: sam.id,
  membershipTypeId: type.id,
  paymentOptionId: option.id,
  homeVenueId: south.id,
  mandateId: samMandate.id,
});
let collection = 0;
async function collect(
  mandateId: number,
  membershipId: number | null,
  chargeDate: string,
  status: string,
  amount = 3999,
) {
  collection += 1;
  await t.db.insert(directDebitPayments).values({
    mandateId,
    membershipId,
    provider: 'sandbox',
    providerPaymentId: `PM-report-${collection}`,
    amount,
    chargeDate,
    status: status as (typeof directDebitPayments.$inferInsert)['status'],
  });
}
await collect(samMandate.id, samMembership.id, '2026-10-01', 'paid_out'); // D1: paid, South, 1 Oct
await collect(samMandate.id, samMembership.id, '2026-10-15', 'failed'); // D2
await collect(samMandate.id, samMembership.id, '2026-10-20', 'pending_submission'); // D3
await collect(samMandate.id, samMembership.id, '2026-10-28', 'charged_back'); // D4
await collect(samMandate.id, samMembership.id, '2026-11-01', 'confirmed'); // D5: November's
await collect(noraMandate.id, null, '2026-10-31', 'confirmed', 2500); // D6: paid, North, 31 Oct

const OCTOBER = '?from=2026-10-01&to=2026-10-31';
const get = (headers: Record<string, string>, query = OCTOBER, path = '/api/staff/reports/takings') =>
  app.inject({ method: 'GET', url: `${path}${query}`, headers });

const raw = (figures: { gross: { raw: number }; refunds: { raw: number }; net: { raw: number } }) => [
  figures.gross.raw,
  figures.refunds.raw,
  figures.net.raw,
];

describe('the takings report', () => {
  it('adds up a month at two venues: totals, venues, tenders, products, activities, collections and refunds', async () => {
    const admin = await staffSessionFor(t.db, { role: 'administrator' });
    const reply = await get(admin.headers);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(data.period).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      time_zone: 'Europe/London',
      venue_id: null,
      venues: [
        { id: north.id, name: 'North Pool' },
        { id: south.id, name: 'South Gym' },
      ],
    });
    // In: O1 500 + O2 1300 + O3 3999 + O4 650 + O5 (200 + 300) + O6 500 + D1 3999 + D6 2500 = 13,948.
    // Back: R1 650 + R2 500 + R3 1000 = 2,150. Net 13,948 − 2,150 = 11,798.
    expect(raw(data.totals)).toEqual([13_948, 2_150, 11_798]);
    expect(data.totals.net.formatted).toBe('£117.98');
    // Payments: O1, O2, O3, O4, O5 twice (credit and card), O6 and the two paid collections; three refunds.
    expect(data.totals.payments).toBe(9);
    expect(data.totals.refunds_count).toBe(3);

    // North: O1 500 + O3 3999 + O5 500 + O6 500 + D6 2500 = 7,999; back R2 500 + R3 1000 = 1,500; net 6,499.
    // South: O2 1300 + O4 650 + D1 3999 = 5,949; back R1 650; net 5,299 (6,499 + 5,299 = 11,798).
    expect(data.by_venue.map((v: { venue_name: string }) => v.venue_name)).toEqual([
      'North Pool',
      'South Gym',
    ]);
    expect(data.by_venue.map(raw)).toEqual([
      [7_999, 1_500, 6_499],
      [5_949, 650, 5_299],
    ]);

    // Card: O1 500 + O5 300 + O6 500 = 1,300, back R2 500 + R3 1000 (O0 was paid by card) → −200.
    // Cash 1,300 − R1 650 = 650; cheque 3,999; voucher 650; credit 200; direct debit D1 3,999 + D6 2,500 = 6,499.
    expect(
      Object.fromEntries(
        data.by_tender.map((row: { tender: string } & Parameters<typeof raw>[0]) => [row.tender, raw(row)]),
      ),
    ).toEqual({
      card: [1_300, 1_500, -200],
      direct_debit: [6_499, 0, 6_499],
      cash: [1_300, 650, 650],
      cheque: [3_999, 0, 3_999],
      voucher: [650, 0, 650],
      credit: [200, 0, 200],
    });
    expect(data.by_tender[0].net.formatted).toBe('-£2.00');

    // Sessions: O1 500 + O2 1300 + O4 650 + O6 500 = 2,950, back R1 650 (O2's line) + R2 500 (a session's) = 1,150.
    // Memberships: O3 3,999 + collections 6,499 = 10,498. Fees: O5 500. Other: R3 1,000 back (O0's, no line named).
    expect(
      Object.fromEntries(
        data.by_product.map((row: { product: string } & Parameters<typeof raw>[0]) => [
          row.product,
          raw(row),
        ]),
      ),
    ).toEqual({
      sessions: [2_950, 1_150, 1_800],
      memberships: [10_498, 0, 10_498],
      fees: [500, 0, 500],
      other: [0, 1_000, -1_000],
    });

    // Spin: O2 1300 + O4 650 − R1 650 = 1,300; Lane swim: O1 500 + O6 500 − R2 500 = 500. Highest net first.
    expect(
      data.by_activity.map(
        (row: { activity_name: string; venue_name: string } & Parameters<typeof raw>[0]) => [
          row.activity_name,
          row.venue_name,
          ...raw(row),
        ],
      ),
    ).toEqual([
      ['Spin', 'South Gym', 1_950, 650, 1_300],
      ['Lane swim', 'North Pool', 1_000, 500, 500],
    ]);
    expect(data.activity_count).toBe(2);

    // Collections due in October: D3 pending; D1 + D6 paid (3,999 + 2,500); D2 failed; D4 charged back. D5 is November's.
    expect(
      data.collections.map((row: { state: string; count: number; amount: { raw: number } }) => [
        row.state,
        row.count,
        row.amount.raw,
      ]),
    ).toEqual([
      ['pending', 1, 3_999],
      ['paid', 2, 6_499],
      ['failed', 1, 3_999],
      ['charged_back', 1, 3_999],
    ]);

    // Refunds by where the money went: R2 to card (still pending), R3 to credit, R1 in cash. R4 is November's.
    expect(
      data.refunds.map(
        (row: { destination: string; count: number; amount: { raw: number }; pending: { raw: number } }) => [
          row.destination,
          row.count,
          row.amount.raw,
          row.pending.raw,
        ],
      ),
    ).toEqual([
      ['card', 1, 500, 500],
      ['credit', 1, 1_000, 0],
      ['cash', 1, 650, 0],
    ]);
  });

  it('counts London days across the clock change, every day of the month listed', async () => {
    const admin = await staffSessionFor(t.db, { role: 'finance' });
    const data = (await get(admin.headers)).json().data;
    expect(data.by_day).toHaveLength(31);
    expect(data.by_day[0].date).toBe('2026-10-01');
    expect(data.by_day[30].date).toBe('2026-10-31');
    const days = Object.fromEntries(
      data.by_day
        .filter(
          (day: { gross: { raw: number }; refunds: { raw: number } }) => day.gross.raw || day.refunds.raw,
        )
        .map(
          (day: { date: string; by_tender: Record<string, { raw: number }> } & Parameters<typeof raw>[0]) => [
            day.date,
            [
              ...raw(day),
              Object.fromEntries(
                Object.entries(day.by_tender)
                  .filter(([, v]) => v.raw)
                  .map(([k, v]) => [k, v.raw]),
              ),
            ],
          ],
        ),
    );
    expect(days).toEqual({
      // O1 at 00:30 BST (23:30 UTC the day before) and D1.
      '2026-10-01': [4_499, 0, 4_499, { card: 500, direct_debit: 3_999 }],
      '2026-10-02': [0, 500, -500, { card: -500 }],
      '2026-10-03': [0, 1_000, -1_000, { card: -1_000 }],
      '2026-10-05': [1_300, 0, 1_300, { cash: 1_300 }],
      '2026-10-06': [0, 650, -650, { cash: -650 }],
      '2026-10-10': [3_999, 0, 3_999, { cheque: 3_999 }],
      // The 25-hour day: O4 at 00:30 BST (23:30 UTC on the 24th) and O5 at 23:30 GMT.
      '2026-10-25': [1_150, 0, 1_150, { voucher: 650, credit: 200, card: 300 }],
      '2026-10-31': [3_000, 0, 3_000, { card: 500, direct_debit: 2_500 }],
    });
  });

  it('gives the CSV of days × tenders with the same figures: pounds with two decimals, ISO dates', async () => {
    const admin = await staffSessionFor(t.db, { role: 'administrator' });
    const json = (await get(admin.headers)).json().data;
    const reply = await get(admin.headers, OCTOBER, '/api/staff/reports/takings.csv');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      'attachment; filename="takings-2026-10-01-to-2026-10-31.csv"',
    );
    const rows: string[][] = parse(reply.body, { bom: true });
    expect(rows[0]).toEqual([
      'Date',
      'Card (£)',
      'Direct debit (£)',
      'Cash (£)',
      'Cheque (£)',
      'Voucher (£)',
      'Account credit (£)',
      'Gross (£)',
      'Refunds (£)',
      'Net (£)',
    ]);
    expect(rows).toHaveLength(1 + 31 + 1);
    expect(rows[1]).toEqual([
      '2026-10-01',
      '5.00',
      '39.99',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '44.99',
      '0.00',
      '44.99',
    ]);
    expect(rows[25]).toEqual([
      '2026-10-25',
      '3.00',
      '0.00',
      '0.00',
      '0.00',
      '6.50',
      '2.00',
      '11.50',
      '0.00',
      '11.50',
    ]);
    expect(rows[32]).toEqual([
      'Total',
      '-2.00',
      '64.99',
      '6.50',
      '39.99',
      '6.50',
      '2.00',
      '139.48',
      '21.50',
      '117.98',
    ]);
    // Every day's row equals the JSON's, in pence.
    const pence = (cell: string) => Math.round(Number(cell) * 100);
    const tenders = ['card', 'direct_debit', 'cash', 'cheque', 'voucher', 'credit'];
    json.by_day.forEach(
      (
        day: { date: string; by_tender: Record<string, { raw: number }> } & Parameters<typeof raw>[0],
        i: number,
      ) => {
        const row = rows[i + 1]!;
        expect(row[0]).toBe(day.date);
        expect(row.slice(1, 7).map(pence)).toEqual(tenders.map((tender) => day.by_tender[tender]!.raw));
        expect(row.slice(7).map(pence)).toEqual(raw(day));
        for (const cell of row.slice(1)) expect(cell).toMatch(/^-?\d+\.\d{2}$/);
      },
    );
  });
});

describe('who sees which takings', () => {
  it('refuses front desk staff (403), on the report and on its CSV', async () => {
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [north.id] });
    expect((await get(desk.headers)).statusCode).toBe(403);
    expect((await get(desk.headers, OCTOBER, '/api/staff/reports/takings.csv')).statusCode).toBe(403);
  });

  it("shows a centre manager their venues' money only, and 404 for another venue", async () => {
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [north.id] });
    const data = (await get(manager.headers)).json().data;
    expect(data.period.venues).toEqual([{ id: north.id, name: 'North Pool' }]);
    expect(data.period.venue_options).toEqual([{ id: north.id, name: 'North Pool' }]);
    // North's figures alone: 7,999 in, 1,500 back.
    expect(raw(data.totals)).toEqual([7_999, 1_500, 6_499]);
    expect(data.by_venue.map((v: { venue_id: number }) => v.venue_id)).toEqual([north.id]);
    expect(data.by_activity.map((a: { activity_name: string }) => a.activity_name)).toEqual(['Lane swim']);
    // D6 (North) only.
    expect(data.collections.map((c: { count: number }) => c.count)).toEqual([0, 1, 0, 0]);

    for (const path of ['/api/staff/reports/takings', '/api/staff/reports/takings.csv']) {
      const other = await get(manager.headers, `${OCTOBER}&venue_id=${south.id}`, path);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('That venue is not one you work at');
    }
  });

  it('shows finance and administrators every venue, one when asked, and 404 for a venue of no one here', async () => {
    const finance = await staffSessionFor(t.db, { role: 'finance' });
    const all = (await get(finance.headers)).json().data;
    expect(all.totals.net.raw).toBe(11_798);
    const southOnly = (await get(finance.headers, `${OCTOBER}&venue_id=${south.id}`)).json().data;
    expect(southOnly.period.venues).toEqual([{ id: south.id, name: 'South Gym' }]);
    expect(southOnly.period.venue_options).toHaveLength(2);
    expect(raw(southOnly.totals)).toEqual([5_949, 650, 5_299]);
    const admin = await staffSessionFor(t.db, { role: 'administrator' });
    expect((await get(admin.headers, `${OCTOBER}&venue_id=${elsewhere.id}`)).statusCode).toBe(404);
  });

  it('refuses a period the wrong way round, too long, or not a date, under its field (422)', async () => {
    const admin = await staffSessionFor(t.db, { role: 'administrator' });
    const wrong = await get(admin.headers, '?from=2026-10-31&to=2026-10-01');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ to: ['The last day must be on or after the first day.'] });
    const long = await get(admin.headers, '?from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      to: ['A report covers at most 366 days: choose a shorter period.'],
    });
    // 366 days (2024 was a leap year) is allowed.
    expect((await get(admin.headers, '?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    const notDate = await get(admin.headers, '?from=2026-02-30&to=2026-03-01');
    expect(notDate.statusCode).toBe(422);
    expect(notDate.json().errors).toEqual({ from: ['Give a date as YYYY-MM-DD.'] });
    const missing = await get(admin.headers, '?to=2026-03-01');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['from']);
  });
});
