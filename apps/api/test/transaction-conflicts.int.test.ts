import { cancelBookingsReply, DEFAULT_ERROR_TEXTS, joinWaitlistReply } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { retryOnConflict } from '../src/db/connection-errors.ts';
import {
  activitySessions,
  bookings,
  creditTransactions,
  customers,
  waitlistEntries,
} from '../src/db/schema.ts';
import { afterOneDeadlock } from './conflict-once.ts';
import {
  createBooking,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  csrfHeaders,
  login,
  outbox,
  registrationBody,
  setupTestDatabase,
} from './helper.ts';

/**
 * A transaction PostgreSQL ends to break a deadlock runs again (db/connection-errors.ts: checkout, basket changes,
 * cancellations, and the other member and staff writes that touch only the database), and one that still conflicts
 * answers 503 with Retry-After, not 500: nothing was kept, so the member's phone can send it again.
 */
const conflictProbe: FastifyPluginAsync = async (app) => {
  app.get('/test/conflict', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: { code: '40P01', message: 'deadlock detected' },
    });
  });
};

describe('transactions that deadlock', async () => {
  const t = await setupTestDatabase();
  // The app serves one operator: every test's members are its customers.
  const client = await createClient(t.db);

  it('answers 503 with Retry-After when a conflict outlasts the retries', async () => {
    const app = await t.buildTestApp({}, { plugins: [conflictProbe] });
    const res = await app.inject({ method: 'GET', url: '/test/conflict' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });
  });

  it('cancels a booking whose transaction PostgreSQL ended with a deadlock: once, with the credit once', async () => {
    const venue = await createVenue(t.db, { clientId: client.id });
    const me = await createCustomer(t.db, { clientId: client.id });
    const spin = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      price: 650,
    });
    const booking = await createBooking(t.db, { customerId: me.id, sessionId: spin.session.id, price: 650 });
    const app = await t.buildTestApp();
    const session = await login(app, me);
    // The first credit row written fails as PostgreSQL fails a transaction it ends to break a deadlock.
    const { result: res, tries } = await afterOneDeadlock(t.db, 'credit_transactions', () =>
      app.inject({
        method: 'DELETE',
        url: `/api/activities/bookings/${booking.id}?source=my-account`,
        headers: session.headers,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelBookingsReply.parse(res.json()).data.credit_awarded.raw).toBe(650);
    expect(tries).toBe(2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    const credits = await t.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.bookingId, booking.id));
    expect(credits.map((c) => c.amount)).toEqual([650]);
    const [place] = await t.db
      .select()
      .from(activitySessions)
      .where(eq(activitySessions.id, spin.session.id));
    expect(place!.bookedCount).toBe(0);
  });

  it('registers a member whose transaction PostgreSQL ended with a deadlock: one account, one welcome mail', async () => {
    const app = await t.buildTestApp();
    const { result: res, tries } = await afterOneDeadlock(t.db, 'customers', () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/customer/register?onboarding_type=customer_account_online',
        headers: csrfHeaders(),
        payload: registrationBody(client.id, { email: 'robin.deadlock@example.test' }),
      }),
    );
    expect(tries).toBe(2);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'robin.deadlock@example.test'));
    expect(rows).toHaveLength(1);
    expect(await outbox(app, 'robin.deadlock@example.test')).toHaveLength(1);
  });

  it('puts a member on a waitlist whose transaction PostgreSQL ended with a deadlock, once', async () => {
    const venue = await createVenue(t.db, { clientId: client.id });
    const me = await createCustomer(t.db, { clientId: client.id });
    const booked = await createCustomer(t.db, { clientId: client.id });
    const full = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      capacity: 1,
    });
    await createBooking(t.db, { customerId: booked.id, sessionId: full.session.id });
    const app = await t.buildTestApp();
    const session = await login(app, me);
    const { result: res, tries } = await afterOneDeadlock(t.db, 'waitlist_entries', () =>
      app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: session.headers,
        payload: { session_id: full.session.id },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(joinWaitlistReply.parse(res.json()).data.order).toBe(1);
    expect(tries).toBe(2);
    const entries = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.customerId, me.id));
    expect(entries).toHaveLength(1);
  });

  // PGlite has one connection: its transactions never wait on each other.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'completes both sides of a real deadlock: PostgreSQL ends one, and it runs again',
    async () => {
      let runs = 0;
      let arrived = 0;
      let release!: () => void;
      const bothHoldTheirFirstLock = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Two transactions take the same two locks in opposite orders, each waiting (on its first run only) until the
      // other holds its first lock: PostgreSQL must end one of them (40P01).
      const lockInOrder = (first: number, second: number) =>
        retryOnConflict(() =>
          t.db.transaction(async (tx) => {
            runs++;
            await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
            if (++arrived <= 2) {
              if (arrived === 2) release();
              await bothHoldTheirFirstLock;
            }
            await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
            return `${first} then ${second}`;
          }),
        );
      const results = await Promise.all([lockInOrder(71_001, 71_002), lockInOrder(71_002, 71_001)]);
      expect(results).toEqual(['71001 then 71002', '71002 then 71001']);
      expect(runs).toBe(3);
    },
  );
});
