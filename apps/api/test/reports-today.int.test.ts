import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, checkIns } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createOrder,
  createSession,
  createVenue,
  setupTestDatabase,
  staffSessionFor,
} from './helper.ts';

/**
 * GET /api/staff/reports/today (issue 37 item 7): the managers' dashboard on 25 October 2026, the day the clocks go
 * back (25 hours, 23:00 UTC on the 24th to midnight UTC on the 26th), at noon. Each figure is counted by hand below.
 */
const NOW = new Date('2026-10-25T12:00:00Z');
const t = await setupTestDatabase();
const client = await createClient(t.db);
const north = await createVenue(t.db, { clientId: client.id, slug: 'north', name: 'North Pool' });
const south = await createVenue(t.db, { clientId: client.id, slug: 'south', name: 'South Gym' });
const app = await t.buildTestApp({}, { now: () => NOW });

const passwordHash = 'not-a-login';
// New members: one of North at 08:00 UTC today, one of South at 00:10 BST (23:10 UTC on the 24th: today), and one
// of North at 23:30 BST on the 24th (22:30 UTC: yesterday).
const nora = await createCustomer(t.db, {
  clientId: client.id,
  homeVenueId: north.id,
  passwordHash,
  createdAt: new Date('2026-10-25T08:00:00Z'),
});
await createCustomer(t.db, {
  clientId: client.id,
  homeVenueId: south.id,
  passwordHash,
  createdAt: new Date('2026-10-24T23:10:00Z'),
});
await createCustomer(t.db, {
  clientId: client.id,
  homeVenueId: north.id,
  passwordHash,
  createdAt: new Date('2026-10-24T22:30:00Z'),
});

// Takings: £6.50 by card at 00:30 BST today (North); £9.99 at 23:30 BST yesterday (not today's).
await createOrder(t.db, {
  customerId: nora.id,
  total: 650,
  createdAt: new Date('2026-10-24T23:30:00Z'),
  payments: [{ tenderType: 'card', amount: 650, providerChargeId: 'ch_today' }],
});
await createOrder(t.db, {
  customerId: nora.id,
  total: 999,
  createdAt: new Date('2026-10-24T22:30:00Z'),
  payments: [{ tenderType: 'card', amount: 999, providerChargeId: 'ch_yesterday' }],
});

// Check-ins at North: 00:10 BST and 11:00 GMT today; 23:50 BST yesterday (22:50 UTC) is not today's.
for (const at of ['2026-10-24T23:10:00Z', '2026-10-25T11:00:00Z', '2026-10-24T22:50:00Z'])
  await t.db
    .insert(checkIns)
    .values({ customerId: nora.id, venueId: north.id, at: new Date(at), allowed: true });

// Sessions today: North 09:00 (5 of 20 taken), South 18:00 (2 of 10); a cancelled one at North and one tomorrow.
await createSession(t.db, {
  venueId: north.id,
  startsAt: new Date('2026-10-25T09:00:00Z'),
  capacity: 20,
  bookedCount: 5,
});
await createSession(t.db, {
  venueId: south.id,
  startsAt: new Date('2026-10-25T18:00:00Z'),
  capacity: 10,
  bookedCount: 2,
});
const cancelled = await createSession(t.db, {
  venueId: north.id,
  startsAt: new Date('2026-10-25T10:00:00Z'),
});
await t.db
  .update(activitySessions)
  .set({ cancelledAt: NOW, cancelledBy: 'staff', cancellationReason: 'Pool closed' })
  .where(eq(activitySessions.id, cancelled.session.id));
await createSession(t.db, {
  venueId: north.id,
  startsAt: new Date('2026-10-26T09:00:00Z'),
  capacity: 20,
  bookedCount: 3,
});

const get = (headers: Record<string, string>, query = '') =>
  app.inject({ method: 'GET', url: `/api/staff/reports/today${query}`, headers });

describe("the managers' dashboard", () => {
  it("shows a centre manager today's figures at their venue", async () => {
    const manager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [north.id] });
    const reply = await get(manager.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({
      date: '2026-10-25',
      time_zone: 'Europe/London',
      venues: [{ id: north.id, name: 'North Pool' }],
      takings: {
        gross: { raw: 650 },
        refunds: { raw: 0 },
        net: { raw: 650, formatted: '£6.50' },
        payments: 1,
      },
      check_ins: 2,
      sessions: 1,
      places_sold: 5,
      capacity: 20,
      new_members: 1,
    });
    expect((await get(manager.headers, `?venue_id=${south.id}`)).statusCode).toBe(404);
  });

  it('adds every venue for administrators and finance, one when asked; front desk gets 403', async () => {
    for (const role of ['administrator', 'finance'] as const) {
      const staff = await staffSessionFor(t.db, { role });
      expect((await get(staff.headers)).json().data).toMatchObject({
        takings: { net: { raw: 650 } },
        check_ins: 2,
        // North 09:00 and South 18:00 (the cancelled one and tomorrow's are not counted): 5 + 2 of 20 + 10.
        sessions: 2,
        places_sold: 7,
        capacity: 30,
        new_members: 2,
      });
      expect((await get(staff.headers, `?venue_id=${south.id}`)).json().data).toMatchObject({
        takings: { net: { raw: 0 } },
        check_ins: 0,
        sessions: 1,
        places_sold: 2,
        capacity: 10,
        new_members: 1,
      });
    }
    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [north.id] });
    expect((await get(desk.headers)).statusCode).toBe(403);
  });
});
