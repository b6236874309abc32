/**
 * The database itself holds the closed value sets and the per-client slugs (decision 026): a write that gets past
 * the TypeScript types (raw SQL, another tool, a future bug) is refused, not stored.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, bookings, cartItems, mailOutbox, memberships } from '../src/db/schema.ts';
import { BOOKING_STATUSES, MEMBERSHIP_STATUSES } from '../src/db/values.ts';
import {
  createBooking,
  createCart,
  createClient,
  createCustomer,
  createGuestPass,
  createGuestPassPackage,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createPenalty,
  createSession,
  createVenue,
  setupTestDatabase,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const other = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id });
const customer = await createCustomer(t.db, { clientId: client.id });
const type = await createMembershipType(t.db, { clientId: client.id });
const option = await createPaymentOption(t.db, { membershipTypeId: type.id });
const membership = await createMembership(t.db, {
  customerId: customer.id,
  membershipTypeId: type.id,
  paymentOptionId: option.id,
  homeVenueId: venue.id,
});
const { session } = await createSession(t.db, {
  venueId: venue.id,
  startsAt: new Date('2026-07-01T09:00:00Z'),
});
const booking = await createBooking(t.db, { customerId: customer.id, sessionId: session.id });

/** The PostgreSQL error a refused write raised (Drizzle wraps it; PGlite and pg both give code and constraint). */
async function refusal(write: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const error = await write.then(
    () => null,
    (e: unknown) => e as { cause?: unknown },
  );
  expect(error, 'the database accepted the write').not.toBeNull();
  const cause = (error?.cause ?? error) as { code?: string; constraint?: string };
  return { code: cause.code, constraint: cause.constraint };
}

describe('closed value sets', () => {
  it('refuses a membership status the code never uses, and keeps the row as it was', async () => {
    const refused = await refusal(
      t.db.execute(sql`update memberships set status = 'lapsed' where id = ${membership.id}`),
    );
    expect(refused).toEqual({ code: '23514', constraint: 'memberships_status_check' });
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, membership.id));
    expect(row?.status).toBe('active');
  });

  it('accepts every membership status the code writes', async () => {
    for (const status of MEMBERSHIP_STATUSES) {
      await t.db.update(memberships).set({ status }).where(eq(memberships.id, membership.id));
      const [row] = await t.db.select().from(memberships).where(eq(memberships.id, membership.id));
      expect(row?.status).toBe(status);
    }
  });

  it('refuses an unknown booking status but accepts each known one', async () => {
    const refused = await refusal(
      t.db.execute(sql`update bookings set status = 'held' where id = ${booking.id}`),
    );
    expect(refused).toEqual({ code: '23514', constraint: 'bookings_status_check' });
    for (const status of BOOKING_STATUSES) {
      await t.db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
    }
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe(BOOKING_STATUSES.at(-1));
  });

  it('refuses an unknown guest pass status', async () => {
    const bundle = await createGuestPassPackage(t.db, { customerId: customer.id });
    const pass = await createGuestPass(t.db, {
      customerId: customer.id,
      venueId: venue.id,
      customerPackageId: bundle.id,
    });
    const refused = await refusal(
      t.db.execute(sql`update guest_passes set status = 'cancelled' where id = ${pass.id}`),
    );
    expect(refused).toEqual({ code: '23514', constraint: 'guest_passes_status_check' });
  });

  it('refuses an unknown mail status', async () => {
    const [mail] = await t.db
      .insert(mailOutbox)
      .values({ kind: 'test', toAddress: 'a@test.example', subject: 'Hello', textBody: 'Hello' })
      .returning();
    const refused = await refusal(
      t.db.execute(sql`update mail_outbox set status = 'bounced' where id = ${mail!.id}`),
    );
    expect(refused).toEqual({ code: '23514', constraint: 'mail_outbox_status_check' });
  });
});

describe('slugs unique per client', () => {
  it('lets two clients each have a venue called central, but not one client twice', async () => {
    await createVenue(t.db, { clientId: client.id, slug: 'central' });
    await createVenue(t.db, { clientId: other.id, slug: 'central' });
    const refused = await refusal(createVenue(t.db, { clientId: client.id, slug: 'central' }));
    expect(refused).toEqual({ code: '23505', constraint: 'venues_client_slug_idx' });
  });

  it('lets two clients each sell a gym-and-swim membership type, but not one client twice', async () => {
    await createMembershipType(t.db, { clientId: client.id, slug: 'gym-and-swim' });
    await createMembershipType(t.db, { clientId: other.id, slug: 'gym-and-swim' });
    const refused = await refusal(createMembershipType(t.db, { clientId: other.id, slug: 'gym-and-swim' }));
    expect(refused).toEqual({ code: '23505', constraint: 'membership_types_client_slug_idx' });
  });

  it("looks a venue up by slug within the asking client only (the other client's same slug is not in the way)", async () => {
    await createVenue(t.db, {
      clientId: client.id,
      slug: 'riverside',
      themeOverrides: { theme_app_primary_colour: '#111111' },
    });
    await createVenue(t.db, {
      clientId: other.id,
      slug: 'riverside',
      themeOverrides: { theme_app_primary_colour: '#222222' },
    });
    const app = await t.buildTestApp({ clientId: other.id });
    const response = await app.inject({ method: 'GET', url: '/api/frontend/theme?venue=riverside' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.theme_app_primary_colour).toBe('#222222');
  });
});

describe('basket lines point at what they hold (decision 045)', () => {
  const buyer = () => createCustomer(t.db, { clientId: client.id });
  const insertLine = (values: ReturnType<typeof sql>) =>
    t.db.execute(
      sql`insert into cart_items (cart_id, cartable_type, session_id, membership_id, penalty_id) values ${values}`,
    );

  it('refuses a line with no key, two keys, or a key its type does not name', async () => {
    const { cart } = await createCart(t.db, { customerId: (await buyer()).id });
    const fee = await createPenalty(t.db, { customerId: customer.id, venueId: venue.id });
    // No key: cartable_id, computed from the keys, would be empty.
    expect(await refusal(insertLine(sql`(${cart.id}, 'activity', null, null, null)`))).toMatchObject({
      code: '23502',
    });
    for (const values of [
      sql`(${cart.id}, 'activity', ${session.id}, null, ${fee.id})`,
      sql`(${cart.id}, 'penalty', ${session.id}, null, null)`,
      sql`(${cart.id}, 'membership', null, null, ${fee.id})`,
    ]) {
      expect(await refusal(insertLine(values))).toEqual({
        code: '23514',
        constraint: 'cart_items_exactly_one_item',
      });
    }
  });

  it('refuses a line for a session that does not exist', async () => {
    const { cart } = await createCart(t.db, { customerId: (await buyer()).id });
    const refused = await refusal(
      t.db
        .insert(cartItems)
        .values({ cartId: cart.id, cartableType: 'activity', sessionId: session.id + 10_000 }),
    );
    expect(refused).toEqual({ code: '23503', constraint: 'cart_items_session_id_activity_sessions_id_fk' });
  });

  it('gives each line its key as cartable_id, and a session removed from the timetable leaves the baskets', async () => {
    const { session: later } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-07-02T09:00:00Z'),
    });
    const owner = await buyer();
    const fee = await createPenalty(t.db, { customerId: owner.id, venueId: venue.id });
    const { cart, items } = await createCart(t.db, {
      customerId: owner.id,
      items: [
        { type: 'activity', id: later.id },
        { type: 'penalty', id: fee.id },
      ],
    });
    expect(items.map((i) => [i.cartableType, i.cartableId])).toEqual([
      ['activity', later.id],
      ['penalty', fee.id],
    ]);
    await t.db.delete(activitySessions).where(eq(activitySessions.id, later.id));
    const left = await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
    expect(left.map((i) => i.cartableType)).toEqual(['penalty']);
  });
});
