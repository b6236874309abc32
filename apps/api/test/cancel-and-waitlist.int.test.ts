import {
  ALREADY_BOOKED_MESSAGE,
  BOOKING_TEXTS,
  cancelBookingsReply,
  DEFAULT_ERROR_TEXTS,
  joinWaitlistReply,
  SESSION_STARTED_MESSAGE,
  WAITLIST_TEXTS,
  waitlistReply,
} from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activitySessions,
  benefitUsages,
  bookings,
  creditTransactions,
  customerPackages,
  packageUsages,
} from '../src/db/schema.ts';
import {
  createBooking,
  createClient,
  createCustomer,
  createPackage,
  createSession,
  createVenue,
  createWaitlistEntry,
  login,
  outbox,
  type Session,
  setupTestDatabase,
} from './helper.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp();
const at = (hours: number) => new Date(Date.now() + hours * HOUR);

const me = await createCustomer(t.db, { clientId: client.id });
const other = await createCustomer(t.db, { clientId: client.id, firstName: 'Wendy' });
const third = await createCustomer(t.db, { clientId: client.id, firstName: 'Will' });
const session = await login(app, me);
const otherSession = await login(app, other);

const call = (who: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
const placesOf = async (sessionId: number) =>
  (await t.db.select().from(activitySessions).where(eq(activitySessions.id, sessionId)))[0]!.bookedCount;

describe('cancelling a booking', () => {
  it('refuses within the cut-off (422) and leaves the booking alone', async () => {
    const soon = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(1),
      cancellationCutoffHours: 2,
    });
    const booking = await createBooking(t.db, { customerId: me.id, sessionId: soon.session.id });
    const response = await call(
      session,
      'DELETE',
      `/api/activities/bookings/${booking.id}?source=my-account`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: BOOKING_TEXTS.cannotCancel,
      errors: { booking_ids: [BOOKING_TEXTS.cannotCancel] },
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('booked');
    expect(await placesOf(soon.session.id)).toBe(1);
  });

  it('cancels before the cut-off: frees the place, awards credit, and mails everyone waiting', async () => {
    const full = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(30),
      name: 'Spin',
      capacity: 1,
      price: 650,
    });
    const booking = await createBooking(t.db, { customerId: me.id, sessionId: full.session.id, price: 650 });
    await createWaitlistEntry(t.db, { customerId: other.id, sessionId: full.session.id });
    await createWaitlistEntry(t.db, { customerId: third.id, sessionId: full.session.id });
    const response = await call(session, 'PATCH', '/api/v1/activities/bookings', {
      data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [booking.id] },
    });
    expect(response.statusCode).toBe(200);
    const data = cancelBookingsReply.parse(response.json()).data;
    expect(data.credit_awarded).toEqual({ raw: 650, formatted: '£6.50' });
    expect(data.bookings).toEqual([
      expect.objectContaining({
        id: booking.id,
        status: 'cancelled',
        can_be_cancelled: false,
        awards_credit: { can_be_awarded: true, message: BOOKING_TEXTS.creditAwarded },
      }),
    ]);
    expect(await placesOf(full.session.id)).toBe(0);
    const [credit] = await t.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.customerId, me.id), eq(creditTransactions.bookingId, booking.id)));
    expect(credit).toMatchObject({
      kind: 'general',
      amount: 650,
      reason: 'Booking cancelled',
      location: 'Leeds Central',
    });
    expect(credit!.relatedItem).toMatch(/^Spin at \d\d:\d\d on /);
    expect(credit!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 24 * HOUR);
    const user = (await call(session, 'GET', '/api/auth/user')).json().data;
    expect(user.credit.balance.raw).toBe(650);

    for (const who of [other, third]) {
      const mail = await outbox(app, who.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toMatch(/^A place is free: Spin at/);
      expect(mail[0]!.text).toContain(`/venues/${venue.slug}/sessions/${full.session.id}`);
    }
    // Cancelling again is refused.
    const again = await call(session, 'DELETE', `/api/activities/bookings/${booking.id}/`);
    expect(again.statusCode).toBe(422);
  });

  it('awards no credit when the policy says so, and gives back package sessions and benefit uses', async () => {
    const court = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(48),
      name: 'Badminton Court',
      price: 1200,
      cancellationAwardsCredit: false,
      cancellationCutoffHours: 24,
    });
    const pack = await createPackage(t.db, { customerId: me.id, sessionsRemaining: 5 });
    const booking = await createBooking(t.db, {
      customerId: me.id,
      sessionId: court.session.id,
      price: 1200,
    });
    await t.db.insert(packageUsages).values({ customerPackageId: pack.id, bookingId: booking.id });
    const response = await call(session, 'DELETE', `/api/activities/bookings/${booking.id}`);
    expect(response.statusCode).toBe(200);
    const data = cancelBookingsReply.parse(response.json()).data;
    expect(data.credit_awarded.raw).toBe(0);
    expect(data.bookings[0]!.awards_credit).toEqual({
      can_be_awarded: false,
      message: BOOKING_TEXTS.noCredit,
    });
    const [after] = await t.db.select().from(customerPackages).where(eq(customerPackages.id, pack.id));
    expect(after!.sessionsRemaining).toBe(6);
    const usages = await t.db.select().from(packageUsages).where(eq(packageUsages.bookingId, booking.id));
    expect(usages[0]!.returnedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(benefitUsages)).toEqual([]);
  });

  it("answers 404 for another customer's booking and cancels nothing of a mixed request", async () => {
    const s = await createSession(t.db, { venueId: venue.id, startsAt: at(50) });
    const mine = await createBooking(t.db, { customerId: me.id, sessionId: s.session.id });
    const theirs = await createBooking(t.db, { customerId: other.id, sessionId: s.session.id });
    const alone = await call(session, 'DELETE', `/api/activities/bookings/${theirs.id}`);
    expect(alone.statusCode).toBe(404);
    expect(alone.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    const mixed = await call(session, 'PATCH', '/api/v1/activities/bookings', {
      data: {
        cancellation_source: 'my-account',
        update_type: 'cancellation',
        booking_ids: [mine.id, theirs.id],
      },
    });
    expect(mixed.statusCode).toBe(404);
    const rows = await t.db.select().from(bookings).where(eq(bookings.activitySessionId, s.session.id));
    expect(rows.every((b) => b.status === 'booked')).toBe(true);
  });

  it('lists previous bookings, attended and not, most recent first', async () => {
    const attended = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(-30),
      name: 'Attended class',
    });
    const missed = await createSession(t.db, { venueId: venue.id, startsAt: at(-60), name: 'Missed class' });
    const stillBooked = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(-5),
      name: 'Unmarked class',
    });
    await createBooking(t.db, { customerId: me.id, sessionId: attended.session.id, status: 'attended' });
    await createBooking(t.db, { customerId: me.id, sessionId: missed.session.id, status: 'no_show' });
    await createBooking(t.db, { customerId: me.id, sessionId: stillBooked.session.id });
    const response = await call(
      session,
      'GET',
      `/api/v1/activities/bookings?starts_before=${new Date().toISOString()}`,
    );
    const names = response
      .json()
      .data.map((b: { name: string; attended: boolean | null }) => [b.name, b.attended]);
    expect(names.slice(0, 3)).toEqual([
      ['Unmarked class', null],
      ['Attended class', true],
      ['Missed class', null],
    ]);
  });
});

describe('waitlist', () => {
  it('joins a full session, shows the position, and leaves it', async () => {
    const full = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(70),
      name: 'Yoga',
      capacity: 1,
    });
    await createBooking(t.db, { customerId: third.id, sessionId: full.session.id });
    const first = await call(otherSession, 'POST', '/api/waitlist', { session_id: full.session.id });
    expect(first.statusCode).toBe(201);
    const response = await call(session, 'POST', '/api/waitlist', { session_id: full.session.id });
    expect(response.statusCode).toBe(201);
    const entry = joinWaitlistReply.parse(response.json()).data;
    expect(entry).toMatchObject({
      order: 2,
      session_id: full.session.id,
      waitlistable: {
        name: 'Yoga',
        venue_name: 'Leeds Central',
        venue_slug: venue.slug,
        places_left: 0,
        duration: '45min',
      },
    });

    const twice = await call(session, 'POST', '/api/waitlist', { session_id: full.session.id });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(WAITLIST_TEXTS.alreadyWaiting);

    const list = waitlistReply.parse((await call(session, 'GET', '/api/waitlist')).json()).data;
    expect(list.map((e) => [e.id, e.order])).toEqual([[entry.id, 2]]);

    // Another customer cannot remove my entry.
    expect((await call(otherSession, 'DELETE', `/api/waitlist/${entry.id}`)).statusCode).toBe(404);
    // When the first in the queue leaves, I move up.
    const theirs = first.json().data.id;
    const left = await call(otherSession, 'DELETE', `/api/waitlist/${theirs}`);
    expect(left.json()).toEqual({ data: { message: WAITLIST_TEXTS.removed } });
    const moved = waitlistReply.parse((await call(session, 'GET', '/api/waitlist')).json()).data;
    expect(moved[0]!.order).toBe(1);
    expect((await call(session, 'DELETE', `/api/waitlist/${entry.id}`)).statusCode).toBe(200);
    expect(waitlistReply.parse((await call(session, 'GET', '/api/waitlist')).json()).data).toEqual([]);
    expect((await call(session, 'DELETE', `/api/waitlist/${entry.id}`)).statusCode).toBe(404);
  });

  it('refuses sessions with places, started ones, booked ones and unknown ones', async () => {
    const open = await createSession(t.db, { venueId: venue.id, startsAt: at(70) });
    const started = await createSession(t.db, {
      venueId: venue.id,
      startsAt: at(-1),
      capacity: 1,
      bookedCount: 1,
    });
    const booked = await createSession(t.db, { venueId: venue.id, startsAt: at(72), capacity: 1 });
    await createBooking(t.db, { customerId: me.id, sessionId: booked.session.id });
    const cases: [number, string][] = [
      [open.session.id, WAITLIST_TEXTS.notFull],
      [started.session.id, SESSION_STARTED_MESSAGE],
      [booked.session.id, ALREADY_BOOKED_MESSAGE],
    ];
    for (const [id, message] of cases) {
      const response = await call(session, 'POST', '/api/waitlist', { session_id: id });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { session_id: [message] } });
    }
    expect((await call(session, 'POST', '/api/waitlist', { session_id: 999_999 })).statusCode).toBe(404);
  });
});
