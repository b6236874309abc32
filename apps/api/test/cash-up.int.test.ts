// Cash-up at the desk (issue 37 item 3, decision 083): tills, a shift's float, takings and count, the variance,
// adjustments, a day close, and the cash-up report with its CSV, through the API on a known day at Leeds.
import { randomUUID } from 'node:crypto';
import { CASH_UP_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders, tillSessions } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createSession,
  createVenue,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

// Tuesday 24 November 2026, 10:00 in London (GMT): the venue-local day is 2026-11-24.
let now = new Date('2026-11-24T10:00:00Z');
const t = await setupTestDatabase();
const app = await t.buildTestApp({}, { now: () => now });
const client = await createClient(t.db);
const leeds = await createVenue(t.db, { clientId: client.id, slug: 'leeds', name: 'Leeds Pool' });
const york = await createVenue(t.db, { clientId: client.id, slug: 'york', name: 'York Gym' });
const manager = await staffSessionFor(t.db, {
  role: 'centre_manager',
  venueIds: [leeds.id],
  name: 'Mo Manager',
});
const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [leeds.id], name: 'Dee Desk' });
const yorkManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [york.id], name: 'Yan' });
const finance = await staffSessionFor(t.db, { role: 'finance', name: 'Fin Ance' });

type Who = { headers: Record<string, string> };
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

async function newTill(venueId: number, name: string, who: Who = manager) {
  const made = await call(who, 'POST', '/api/staff/tills', { venue_id: venueId, name });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: number; name: string };
}

/** A desk sale of one session at Leeds for `price` pence, paid in one tender, optionally through a till. */
async function sell(
  price: number,
  tender: 'cash' | 'cheque' | 'offline-voucher',
  tillId?: number,
  who: Who = desk,
) {
  // A new Leeds customer each time, so a refused sale's basket does not carry into the next.
  const jamie = await createCustomer(t.db, {
    clientId: client.id,
    homeVenueId: leeds.id,
    email: `buyer-${randomUUID()}@example.test`,
  });
  const s = await createSession(t.db, {
    venueId: leeds.id,
    startsAt: new Date('2026-11-30T10:00:00Z'),
    price,
  });
  const added = await call(who, 'POST', `/api/staff/desk/customers/${jamie.id}/basket/add`, {
    items: [{ id: s.session.id, type: 'activity' }],
  });
  expect(added.statusCode, added.body).toBe(200);
  return call(who, 'POST', `/api/staff/desk/customers/${jamie.id}/pay`, {
    terms: true,
    source: 'front-of-house',
    cart_version: added.json().data.version,
    payments: [{ tender_type: tender, amount: price }],
    ...(tillId === undefined ? {} : { till_id: tillId }),
  });
}

async function sold(price: number, tender: 'cash' | 'cheque' | 'offline-voucher', tillId?: number) {
  const paid = await sell(price, tender, tillId);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.order_id as number;
}

const pounds = (raw: number) => expect.objectContaining({ raw });

describe('cash-up', () => {
  it('counts a shift: float £100, cash £13 + £6.50, a £5 cash refund, a £20 cheque and a £10 voucher', async () => {
    const till = await newTill(leeds.id, 'Reception 1');
    const opened = await call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 10000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json().data.session;
    expect(session).toMatchObject({ status: 'open', business_date: '2026-11-24', float: pounds(10000) });

    const thirteen = await sold(1300, 'cash', till.id);
    await sold(650, 'cash', till.id);
    await sold(2000, 'cheque', till.id);
    await sold(1000, 'offline-voucher', till.id);
    // A desk sale with no till: the venue's 'No till' row, never this drawer.
    await sold(700, 'cash');
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, thirteen));
    const refunded = await call(desk, 'POST', `/api/staff/orders/${thirteen}/refunds`, {
      idempotency_key: randomUUID(),
      destination: 'cash',
      reason: 'Changed their mind',
      lines: [{ order_item_id: line!.id, amount: 500 }],
      till_id: till.id,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const live = (await call(desk, 'GET', `/api/staff/till-sessions/${session.id}`)).json().data.session;
    // Expected cash: 10000 float + 1300 + 650 taken − 500 refunded = 11450 (£114.50); cheques 2000; vouchers 1000.
    expect(live).toMatchObject({
      taken: { cash: pounds(1950), cheque: pounds(2000), voucher: pounds(1000) },
      refunded_cash: pounds(500),
      expected: {
        cash: { raw: 11450, formatted: '£114.50' },
        cheque: pounds(2000),
        voucher: pounds(1000),
      },
      counted: null,
    });

    // Counted £114.00 (2 × £50, 1 × £10, 2 × £2 = 10000 + 1000 + 400 = 11400): variance −£0.50.
    const closed = await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, {
      cash: 11400,
      denominations: [
        { value: 5000, count: 2 },
        { value: 1000, count: 1 },
        { value: 200, count: 2 },
      ],
      cheques: 2000,
      cheque_count: 1,
      vouchers: 1000,
      voucher_count: 1,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({
      status: 'closed',
      closed_by: 'Dee Desk',
      counted: { cash: pounds(11400), cheque: pounds(2000), voucher: pounds(1000) },
      variance: { cash: { raw: -50, formatted: '-£0.50' }, cheque: pounds(0), voucher: pounds(0) },
      denominations: [
        { value: 5000, count: 2 },
        { value: 1000, count: 1 },
        { value: 200, count: 2 },
      ],
    });
    const [row] = await t.db.select().from(tillSessions).where(eq(tillSessions.id, session.id));
    expect(row).toMatchObject({ expectedCash: 11450, countedCash: 11400, status: 'closed' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'till.close'), eq(auditLog.entityId, String(session.id))));
    expect(audit).toMatchObject({
      actor: 'Dee Desk',
      after: expect.objectContaining({ variance: { cash: -50, cheque: 0, 'offline-voucher': 0 } }),
    });

    // A closed session refuses changes: closing again, and a payment naming its till.
    const again = await call(manager, 'POST', `/api/staff/till-sessions/${session.id}/close`, {
      cash: 11450,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CASH_UP_TEXTS.alreadyClosed);
    const late = await sell(500, 'cash', till.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.till_id).toEqual([CASH_UP_TEXTS.tillNotOpen('Reception 1')]);

    // Only an adjustment corrects it (managers; audited), shown beside the variance as recorded.
    const byDesk = await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/adjustments`, {
      tender: 'cash',
      amount: 50,
      reason: 'Found 50p under the drawer',
    });
    expect(byDesk.statusCode).toBe(403);
    const adjusted = await call(manager, 'POST', `/api/staff/till-sessions/${session.id}/adjustments`, {
      tender: 'cash',
      amount: 50,
      reason: 'Found 50p under the drawer',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(adjusted.json().data.session).toMatchObject({
      variance: { cash: pounds(-50) },
      adjustments: [
        {
          tender: 'cash',
          amount: pounds(50),
          reason: 'Found 50p under the drawer',
          staff_name: 'Mo Manager',
        },
      ],
      adjusted_variance: { cash: pounds(0) },
    });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'till.adjust'), eq(auditLog.entityId, String(session.id)))),
    ).toEqual([
      expect.objectContaining({ actor: 'Mo Manager', after: expect.objectContaining({ amount: 50 }) }),
    ]);

    // The report: the day at Leeds with the session and the 'No till' sale (700, one order).
    const report = await call(finance, 'GET', '/api/staff/reports/cash-up?from=2026-11-24&to=2026-11-24');
    expect(report.statusCode, report.body).toBe(200);
    const [day] = report.json().data.days;
    expect(day).toMatchObject({
      venue_name: 'Leeds Pool',
      date: '2026-11-24',
      closed: null,
      sessions: [
        expect.objectContaining({
          id: session.id,
          expected: expect.objectContaining({ cash: pounds(11450) }),
        }),
      ],
      no_till: { taken: { cash: pounds(700), cheque: pounds(0) }, refunded_cash: pounds(0), orders: 1 },
    });
    const csv = await call(finance, 'GET', '/api/staff/reports/cash-up.csv?from=2026-11-24&to=2026-11-24');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    const cells = (line: string) => Object.fromEntries(line.split(',').map((v, i) => [header[i], v]));
    expect(lines).toHaveLength(3);
    expect(cells(lines[1]!)).toMatchObject({
      Date: '2026-11-24',
      Venue: 'Leeds Pool',
      Till: 'Reception 1',
      Float: '100.00',
      'Cash taken': '19.50',
      'Cash refunded': '5.00',
      'Cash expected': '114.50',
      'Cash counted': '114.00',
      'Cash variance': '-0.50',
      'Cash adjustments': '0.50',
      'Cheques expected': '20.00',
      'Vouchers counted': '10.00',
    });
    expect(cells(lines[2]!)).toMatchObject({ Till: 'No till', 'Cash taken': '7.00', Float: '' });
    // Front desk cannot open the report; York's manager sees none of Leeds's figures.
    expect((await call(desk, 'GET', '/api/staff/reports/cash-up')).statusCode).toBe(403);
    const yorks = await call(
      yorkManager,
      'GET',
      `/api/staff/reports/cash-up?venue_id=${leeds.id}&from=2026-11-24&to=2026-11-24`,
    );
    expect(yorks.statusCode).toBe(200);
    expect(yorks.json().data.days).toEqual([]);
    expect(yorks.json().data.venues).toEqual([{ id: york.id, name: 'York Gym' }]);
    expect(report.json().data.venues.map((v: { name: string }) => v.name)).toEqual([
      'Leeds Pool',
      'York Gym',
    ]);
  });

  it('needs a note for a variance over £5, and checks the denominations add up', async () => {
    const till = await newTill(leeds.id, 'Reception 2');
    const { session } = (
      await call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 5000 })
    ).json().data;
    const short = await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, { cash: 4499 });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.note).toEqual([CASH_UP_TEXTS.noteRequired('£5.00')]);
    const wrongSum = await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, {
      cash: 5000,
      denominations: [{ value: 2000, count: 2 }],
    });
    expect(wrongSum.statusCode).toBe(422);
    expect(wrongSum.json().errors.denominations).toEqual([CASH_UP_TEXTS.denominationsMismatch('£40.00')]);
    const withNote = await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, {
      cash: 4499,
      note: 'A £5 note was taken to the safe',
    });
    expect(withNote.statusCode, withNote.body).toBe(200);
    expect(withNote.json().data.session.variance.cash.raw).toBe(-501);
  });

  it('closes a session once when two staff close it at the same moment (row lock)', async () => {
    const till = await newTill(leeds.id, 'Reception 3');
    const { session } = (
      await call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 2000 })
    ).json().data;
    const [a, b] = await Promise.all([
      call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, { cash: 2000 }),
      call(manager, 'POST', `/api/staff/till-sessions/${session.id}/close`, { cash: 1990 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const closes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'till.close'), eq(auditLog.entityId, String(session.id))));
    expect(closes).toHaveLength(1);
    // Opening the same till twice at once: one session.
    const opens = await Promise.all([
      call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 1000 }),
      call(manager, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 1000 }),
    ]);
    expect(opens.map((o) => o.statusCode).sort()).toEqual([201, 409]);
  });

  it("keeps each venue's tills to its staff: 404 for another venue's till, 422 for a payment naming one", async () => {
    const yorkTill = await newTill(york.id, 'York front', yorkManager);
    const refused = await call(desk, 'POST', `/api/staff/tills/${yorkTill.id}/sessions`, { float: 1000 });
    expect(refused.statusCode).toBe(404);
    expect((await call(desk, 'GET', `/api/staff/tills?venue_id=${york.id}`)).statusCode).toBe(404);
    expect(
      (await call(manager, 'POST', '/api/staff/tills', { venue_id: york.id, name: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call(desk, 'POST', '/api/staff/tills', { venue_id: leeds.id, name: 'Mine' })).statusCode,
    ).toBe(403);
    // York's till is open, but the sale is at Leeds: refused before any money is taken (a desk at both venues).
    expect(
      (await call(yorkManager, 'POST', `/api/staff/tills/${yorkTill.id}/sessions`, { float: 0 })).statusCode,
    ).toBe(201);
    const both = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [leeds.id, york.id] });
    const before = await t.db.select().from(orders);
    const paid = await sell(900, 'cash', yorkTill.id, both);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().errors.till_id).toEqual([CASH_UP_TEXTS.tillNotAtSale('Leeds Pool')]);
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
  });

  it('closes a day once every till is closed; afterwards tills open on, and desk takings fall on, the next day', async () => {
    now = new Date('2026-11-25T09:00:00Z');
    const till = await newTill(leeds.id, 'Day till');
    const { session } = (
      await call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 1000 })
    ).json().data;
    const early = await call(manager, 'POST', '/api/staff/cash-up/day-closes', {
      venue_id: leeds.id,
      date: '2026-11-25',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CASH_UP_TEXTS.dayHasOpenTills('Day till'));
    expect(
      (await call(desk, 'POST', `/api/staff/till-sessions/${session.id}/close`, { cash: 1000 })).statusCode,
    ).toBe(200);
    expect(
      (await call(desk, 'POST', '/api/staff/cash-up/day-closes', { venue_id: leeds.id, date: '2026-11-25' }))
        .statusCode,
    ).toBe(403);
    const future = await call(manager, 'POST', '/api/staff/cash-up/day-closes', {
      venue_id: leeds.id,
      date: '2026-11-26',
    });
    expect(future.statusCode).toBe(422);
    now = new Date('2026-11-25T18:00:00Z');
    const closed = await call(manager, 'POST', '/api/staff/cash-up/day-closes', {
      venue_id: leeds.id,
      date: '2026-11-25',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(
      (
        await call(manager, 'POST', '/api/staff/cash-up/day-closes', {
          venue_id: leeds.id,
          date: '2026-11-25',
        })
      ).statusCode,
    ).toBe(409);
    // 19:00 the same evening: the till opens on the 26th's cash-up, and a sale without a till counts there too.
    now = new Date('2026-11-25T19:00:00Z');
    const reopened = await call(desk, 'POST', `/api/staff/tills/${till.id}/sessions`, { float: 1000 });
    expect(reopened.json().data.session.business_date).toBe('2026-11-26');
    await sold(300, 'cash');
    const report = await call(manager, 'GET', '/api/staff/reports/cash-up?from=2026-11-25&to=2026-11-26');
    const days = report.json().data.days as {
      date: string;
      closed: unknown;
      no_till: { taken: { cash: { raw: number } } };
      sessions: unknown[];
    }[];
    expect(days.map((d) => [d.date, d.closed !== null, d.sessions.length, d.no_till.taken.cash.raw])).toEqual(
      [
        ['2026-11-26', false, 1, 300],
        ['2026-11-25', true, 1, 0],
      ],
    );
  });
});
