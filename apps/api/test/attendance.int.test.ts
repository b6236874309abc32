import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, clients } from '../src/db/schema.ts';
import { markUnmarkedUnattended } from '../src/services/attendance/index.ts';
import {
  createBooking,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  setupTestDatabase,
} from './helper.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();

describe("the operator's attendance rule", () => {
  it('marks bookings nobody marked as unattended once their session ended the set hours ago, once, leaving marks alone', async () => {
    // Across the October clock change: instants, not wall-clock hours, count.
    const now = new Date('2026-10-25T12:00:00Z');
    const client = await createClient(t.db, { slug: 'rule-op' });
    await t.db.update(clients).set({ unmarkedUnattendedAfterHours: 2 }).where(eq(clients.id, client.id));
    const venue = await createVenue(t.db, { clientId: client.id, slug: 'rule-venue' });
    const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId: venue.id });
    const session = (hoursAgo: number) =>
      createSession(t.db, {
        venueId: venue.id,
        startsAt: new Date(now.getTime() - hoursAgo * HOUR),
        durationMinutes: 60,
      });
    const long = await session(4); // ended 3 hours ago
    const recent = await session(2.5); // ended 1.5 hours ago
    const unmarked = await createBooking(t.db, { customerId: customer.id, sessionId: long.session.id });
    const present = await createBooking(t.db, {
      customerId: customer.id,
      sessionId: (await session(5)).session.id,
      attended: true,
    });
    const cancelled = await createBooking(t.db, {
      customerId: customer.id,
      sessionId: (await session(6)).session.id,
      status: 'cancelled',
    });
    const tooSoon = await createBooking(t.db, { customerId: customer.id, sessionId: recent.session.id });

    // Another operator keeps unmarked bookings unmarked.
    const other = await createClient(t.db, { slug: 'no-rule-op' });
    await t.db.update(clients).set({ unmarkedUnattendedAfterHours: null }).where(eq(clients.id, other.id));
    const otherVenue = await createVenue(t.db, { clientId: other.id, slug: 'no-rule-venue' });
    const otherCustomer = await createCustomer(t.db, { clientId: other.id, homeVenueId: otherVenue.id });
    const kept = await createBooking(t.db, {
      customerId: otherCustomer.id,
      sessionId: (
        await createSession(t.db, { venueId: otherVenue.id, startsAt: new Date(now.getTime() - 10 * HOUR) })
      ).session.id,
    });

    const first = await markUnmarkedUnattended(t.db, now);
    expect(first.get(client.id)).toBe(1);
    expect(first.has(other.id)).toBe(false);
    const attendedOf = async (id: number) =>
      (await t.db.select({ attended: bookings.attended }).from(bookings).where(eq(bookings.id, id)))[0]!
        .attended;
    expect(await attendedOf(unmarked.id)).toBe(false);
    expect(await attendedOf(present.id)).toBe(true);
    expect(await attendedOf(cancelled.id)).toBeNull();
    expect(await attendedOf(tooSoon.id)).toBeNull();
    expect(await attendedOf(kept.id)).toBeNull();

    // Again: nothing more changes. An hour later the recent session's booking is due.
    expect((await markUnmarkedUnattended(t.db, now)).get(client.id)).toBe(0);
    expect((await markUnmarkedUnattended(t.db, new Date(now.getTime() + HOUR))).get(client.id)).toBe(1);
    expect(await attendedOf(tooSoon.id)).toBe(false);
  });

  it('reads only the sessions that ended since its last run, wherever the bookings are', async () => {
    const now = new Date('2026-11-10T12:00:00Z');
    const client = await createClient(t.db, { slug: 'since-op' });
    await t.db.update(clients).set({ unmarkedUnattendedAfterHours: 2 }).where(eq(clients.id, client.id));
    const venue = await createVenue(t.db, { clientId: client.id, slug: 'since-venue' });
    const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId: venue.id });
    const bookingEndedAt = async (endedAt: Date) => {
      const { session } = await createSession(t.db, {
        venueId: venue.id,
        startsAt: new Date(endedAt.getTime() - HOUR),
        durationMinutes: 60,
      });
      return createBooking(t.db, { customerId: customer.id, sessionId: session.id });
    };
    await bookingEndedAt(new Date(now.getTime() - 3 * HOUR));
    expect((await markUnmarkedUnattended(t.db, now)).get(client.id)).toBe(1);
    const [rule] = await t.db
      .select({ checkedUntil: clients.attendanceCheckedUntil })
      .from(clients)
      .where(eq(clients.id, client.id));
    expect(rule?.checkedUntil).toEqual(new Date(now.getTime() - 2 * HOUR));

    // A booking of a session that ended before the last run's cut-off is no longer looked at (no session can end
    // in the past after the run: this one is put there by hand to show what the run reads).
    const old = await bookingEndedAt(new Date(now.getTime() - 5 * HOUR));
    // One that ended in the hour since is marked by the next run.
    const since = await bookingEndedAt(new Date(now.getTime() - 1.5 * HOUR));
    expect((await markUnmarkedUnattended(t.db, new Date(now.getTime() + HOUR))).get(client.id)).toBe(1);
    const attended = async (id: number) =>
      (await t.db.select({ attended: bookings.attended }).from(bookings).where(eq(bookings.id, id)))[0]!
        .attended;
    expect(await attended(since.id)).toBe(false);
    expect(await attended(old.id)).toBeNull();
  });
});
