import { describe, expect, it } from 'vitest';
import { refunds } from '../src/db/schema.ts';
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
 * GET /api/staff/refunds/pending: the card refunds the provider has not made yet, a page at a time, each at the venue
 * it belongs to: a session's refund at the session's venue, any other line's (a membership refunded by staff from
 * the member's record, decision 074) at the member's home venue. Centre managers see their venues' only.
 */
const t = await setupTestDatabase();
const client = await createClient(t.db);
const north = await createVenue(t.db, { clientId: client.id, slug: 'north-pool' });
const south = await createVenue(t.db, { clientId: client.id, slug: 'south-pool' });
const app = await t.buildTestApp();

async function pendingCardRefund(input: { homeVenueId: number; sessionVenueId?: number; amount: number }) {
  const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId: input.homeVenueId });
  const { order } = await createOrder(t.db, { customerId: customer.id, total: input.amount });
  const session = input.sessionVenueId
    ? (
        await createSession(t.db, {
          venueId: input.sessionVenueId,
          startsAt: new Date(Date.now() + 86_400_000),
        })
      ).session
    : null;
  const [row] = await t.db
    .insert(refunds)
    .values({
      customerId: customer.id,
      orderId: order.id,
      activitySessionId: session?.id ?? null,
      tender: 'card',
      destination: 'card',
      amount: input.amount,
      status: 'pending',
      reason: 'Refund test',
      providerChargeId: `ch_${input.amount}`,
      idempotencyKey: `pending-test-${input.amount}`,
    })
    .returning();
  return row!;
}

const list = async (headers: Record<string, string>, query = '') => {
  const reply = await app.inject({ method: 'GET', url: `/api/staff/refunds/pending${query}`, headers });
  return { status: reply.statusCode, data: reply.json().data };
};

describe('pending card refunds for staff', () => {
  it("shows each at its venue: a session's at the session's, another line's at the member's home venue", async () => {
    // A membership refund (no session) of a North member; a session refund at South of a North member.
    const membershipRefund = await pendingCardRefund({ homeVenueId: north.id, amount: 3_900 });
    const sessionRefund = await pendingCardRefund({
      homeVenueId: north.id,
      sessionVenueId: south.id,
      amount: 650,
    });

    const admin = await staffSessionFor(t.db, { role: 'administrator' });
    const all = await list(admin.headers);
    expect(all.data.refunds.map((r: { id: number }) => r.id)).toEqual([
      membershipRefund.id,
      sessionRefund.id,
    ]);
    expect(all.data.pagination).toMatchObject({ total_records: 2, total_pages: 1 });

    const northManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [north.id] });
    const northList = await list(northManager.headers);
    // Before, a refund with no session was shown to no centre manager at all.
    expect(northList.data.refunds.map((r: { id: number }) => r.id)).toEqual([membershipRefund.id]);
    expect(northList.data.pagination.total_records).toBe(1);

    const southManager = await staffSessionFor(t.db, { role: 'centre_manager', venueIds: [south.id] });
    expect((await list(southManager.headers)).data.refunds.map((r: { id: number }) => r.id)).toEqual([
      sessionRefund.id,
    ]);

    // A page at a time, with the totals; a page past the end is empty.
    const second = await list(admin.headers, '?per_page=1&page=2');
    expect(second.data.refunds.map((r: { id: number }) => r.id)).toEqual([sessionRefund.id]);
    expect(second.data.pagination).toMatchObject({ current_page: 2, total_pages: 2, total_records: 2 });
    expect((await list(admin.headers, '?per_page=1&page=3')).data.refunds).toEqual([]);

    const desk = await staffSessionFor(t.db, { role: 'front_desk', venueIds: [north.id] });
    expect((await list(desk.headers)).status).toBe(403);
  });
});
