import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { freezeRequests } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createFreezeType,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createVenue,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

/**
 * GET /api/staff/reports/memberships (issue 37 item 6, decision 081): September and October 2026 of memberships at
 * two venues built by hand (joined, cancelled, a change, a freeze, an annual membership, one still in a basket), and
 * every month's figure checked against the arithmetic in the comments.
 */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const north = await createVenue(t.db, { clientId: client.id, slug: 'north', name: 'North Pool' });
const south = await createVenue(t.db, { clientId: client.id, slug: 'south', name: 'South Gym' });
const app = await t.buildTestApp();

const adult = await createMembershipType(t.db, { clientId: client.id, name: 'Adult' });
const annual = await createMembershipType(t.db, { clientId: client.id, name: 'Annual' });
const monthly = await createPaymentOption(t.db, { membershipTypeId: adult.id, baseFee: 4000 });
const yearly = await createPaymentOption(t.db, {
  membershipTypeId: annual.id,
  name: 'Annual',
  paymentType: 'fixed',
  fixedDuration: 1,
  fixedPeriod: 'year',
  baseFee: 30_000,
});
const medical = await createFreezeType(t.db, { clientId: client.id });

async function member(
  values: Partial<Parameters<typeof createMembership>[1]> & { startDate: string },
  homeVenueId = north.id,
) {
  const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId });
  return createMembership(t.db, {
    customerId: customer.id,
    membershipTypeId: adult.id,
    paymentOptionId: monthly.id,
    homeVenueId,
    price: 4000,
    ...values,
  });
}

// North Pool:
await member({ startDate: '2026-01-01' }); // M1: open-ended, all along
await member({ startDate: '2026-09-10' }); // M2: joined 10 September
await member({ startDate: '2026-03-01', status: 'cancelled', expiresAt: '2026-09-30' }); // M3: left 30 September
const m4 = await member({ startDate: '2026-05-01', status: 'frozen' }); // M4: frozen from 15 October for a month
await t.db.insert(freezeRequests).values({
  customerId: m4.customerId,
  membershipId: m4.id,
  freezeTypeId: medical.id,
  activeFrom: '2026-10-15',
  months: 1,
  status: 'approved',
});
// M5: an annual membership (not monthly revenue), joined 5 October.
await member({
  startDate: '2026-10-05',
  expiresAt: '2027-10-04',
  membershipTypeId: annual.id,
  paymentOptionId: yearly.id,
  price: 30_000,
});
// M7 changed to M6 on 20 October (M7's final day the 19th): a change, not a new member; M6 costs £45.00.
const m7 = await member({ startDate: '2026-02-01', status: 'expired', expiresAt: '2026-10-19' });
await member({
  startDate: '2026-10-20',
  price: 4500,
  replacesMembershipId: m7.id,
  customerId: m7.customerId,
});
// M8: still waiting, unpaid, in a basket: not counted.
await member({ startDate: '2026-09-15', status: 'pending', awaitingPayment: true });
// M10: cancelled, its final day 31 October (it still holds that day).
await member({ startDate: '2026-04-01', status: 'cancelled', expiresAt: '2026-10-31' });
// South Gym: M9, all along.
await member({ startDate: '2026-08-01' }, south.id);

const PERIOD = '?from=2026-09-01&to=2026-10-31';
const get = (headers: Record<string, string>, query = PERIOD, path = '/api/staff/reports/memberships') =>
  app.inject({ method: 'GET', url: `${path}${query}`, headers });

type Month = {
  month: string;
  month_end: string;
  active_at_start: number;
  active_at_end: number;
  joined: number;
  cancelled: number;
  frozen_at_end: number;
  mrr: { raw: number };
  churn_rate: number | null;
};
const figures = (m: Month) => [
  m.month,
  m.active_at_start,
  m.joined,
  m.cancelled,
  m.active_at_end,
  m.frozen_at_end,
  m.mrr.raw,
  m.churn_rate,
];

describe('the memberships report', () => {
  it("counts a centre manager's venue by month: active, joined, cancelled, frozen, MRR and churn", async () => {
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [north.id] });
    const reply = await get(manager.headers);
    expect(reply.statusCode).toBe(200);
    const data = reply.json().data;
    expect(data.by_month.map(figures)).toEqual([
      // September: on the 1st M1, M3, M4, M7, M10 (5); M2 joins on the 10th; M3's final day is the 30th (it still
      // holds then): 6 at the end. MRR 6 × £40.00 = £240.00. Churn 1 ÷ 5.
      ['2026-09', 5, 1, 1, 6, 0, 24_000, 0.2],
      // October: on the 1st M1, M2, M4, M7, M10 (5). M5 joins (M6 is M7's change, not a new member); M7 ends on the
      // 19th; M10 is cancelled with its final day the 31st. At the end M1, M2, M4 (frozen), M5, M6, M10: 6.
      // MRR: M1 40 + M2 40 + M6 45 + M10 40 = £165.00 (M4 frozen, M5 annual). Churn 1 ÷ 5.
      ['2026-10', 5, 1, 1, 6, 1, 16_500, 0.2],
    ]);
    expect(data.by_month.map((m: Month) => m.month_end)).toEqual(['2026-09-30', '2026-10-31']);
    // On 31 October: Adult M1, M2, M4, M6, M10 (MRR without frozen M4: £165.00); Annual M5.
    expect(
      data.by_type.map(
        (row: {
          membership_type_name: string;
          venue_name: string;
          members: number;
          mrr: { raw: number };
        }) => [row.venue_name, row.membership_type_name, row.members, row.mrr.raw],
      ),
    ).toEqual([
      ['North Pool', 'Adult', 5, 16_500],
      ['North Pool', 'Annual', 1, 0],
    ]);
    expect((await get(manager.headers, `${PERIOD}&venue_id=${south.id}`)).statusCode).toBe(404);
  });

  it('adds the other venue for finance, cuts the months to the period, and gives the same figures as CSV', async () => {
    const finance = await staffSessionFor(t.db, { role: 'finance' });
    const data = (await get(finance.headers)).json().data;
    // South's M9 holds all along: one more at every start and end, £40.00 more MRR.
    expect(data.by_month.map(figures)).toEqual([
      ['2026-09', 6, 1, 1, 7, 0, 28_000, 1 / 6],
      ['2026-10', 6, 1, 1, 7, 1, 20_500, 1 / 6],
    ]);
    expect(
      data.by_type.map((row: { venue_name: string; members: number }) => [row.venue_name, row.members]),
    ).toEqual([
      ['North Pool', 5],
      ['North Pool', 1],
      ['South Gym', 1],
    ]);

    // 15 September to 5 October: September from the 15th (M1, M2, M3, M4, M7, M10, M9 hold: 7), October to the 5th.
    const cut = (await get(finance.headers, '?from=2026-09-15&to=2026-10-05')).json().data;
    expect(
      cut.by_month.map((m: Month) => [m.month, m.month_end, m.active_at_start, m.joined, m.active_at_end]),
    ).toEqual([
      ['2026-09', '2026-09-30', 7, 0, 7],
      // 1 October: M1, M2, M4, M7, M10, M9 (6); M5 joins on the 5th: 7.
      ['2026-10', '2026-10-05', 6, 1, 7],
    ]);

    const csv = await get(finance.headers, PERIOD, '/api/staff/reports/memberships.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="memberships-2026-09-01-to-2026-10-31.csv"',
    );
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows).toEqual([
      [
        'Month',
        'Last day counted',
        'Active at start',
        'Joined',
        'Cancelled',
        'Active at end',
        'Frozen at end',
        'Monthly recurring revenue (£)',
        'Churn (%)',
      ],
      ['2026-09', '2026-09-30', '6', '1', '1', '7', '0', '280.00', '16.7'],
      ['2026-10', '2026-10-31', '6', '1', '1', '7', '1', '205.00', '16.7'],
    ]);
  });

  it('refuses front desk staff (403)', async () => {
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [north.id] });
    expect((await get(desk.headers)).statusCode).toBe(403);
    expect((await get(desk.headers, PERIOD, '/api/staff/reports/memberships.csv')).statusCode).toBe(403);
  });
});
