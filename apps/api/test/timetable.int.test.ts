import { DEFAULT_ERROR_TEXTS, myTimetableReply, sessionReply, timetableReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createCart,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  createWaitlistEntry,
  login,
  setupTestDatabase,
} from './helper.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Tuesday 20 October 2026, 11:00 BST.
const NOW = new Date('2026-10-20T10:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central', bookingWindowDays: 7 });
const otherClient = await createClient(t.db);
const otherVenue = await createVenue(t.db, { clientId: otherClient.id });
const app = await t.buildTestApp({}, { now: () => NOW });

const me = await createCustomer(t.db, { clientId: client.id });
const other = await createCustomer(t.db, { clientId: client.id });

const started = await createSession(t.db, { venueId: venue.id, startsAt: at(-30 * 60_000), name: 'HIIT' });
const full = await createSession(t.db, {
  venueId: venue.id,
  startsAt: at(DAY),
  name: 'Badminton',
  capacity: 2,
});
await createBooking(t.db, { customerId: other.id, sessionId: full.session.id });
const fullWaited = await createSession(t.db, { venueId: venue.id, startsAt: at(DAY + HOUR), capacity: 1 });
await createBooking(t.db, { customerId: other.id, sessionId: fullWaited.session.id });
await createBooking(t.db, { customerId: me.id, sessionId: full.session.id, countPlace: true });
const bookable = await createSession(t.db, {
  venueId: venue.id,
  startsAt: at(2 * DAY),
  name: 'Yoga',
  category: 'Mind & Body',
  requiresWaiver: true,
});
const later = await createSession(t.db, { venueId: venue.id, startsAt: at(9 * DAY), name: 'Pilates' });
const inBasket = await createSession(t.db, { venueId: venue.id, startsAt: at(3 * DAY), name: 'Aqua Fit' });
await createCart(t.db, { customerId: me.id, items: [{ type: 'activity', id: inBasket.session.id }] });
const waiting = await createWaitlistEntry(t.db, {
  customerId: other.id,
  sessionId: fullWaited.session.id,
  createdAt: at(-2 * HOUR),
});
const mine = await createWaitlistEntry(t.db, {
  customerId: me.id,
  sessionId: fullWaited.session.id,
  createdAt: at(-HOUR),
});
// Outside the default range, and at another client's venue.
const farAway = await createSession(t.db, { venueId: venue.id, startsAt: at(20 * DAY), name: 'Far away' });
const foreign = await createSession(t.db, { venueId: otherVenue.id, startsAt: at(DAY) });
// My other facts the overlay must leave out or show as they are: a cancelled booking, a booking of a session that has
// started, one outside the default range, one at another venue of the same client.
await createBooking(t.db, {
  customerId: me.id,
  sessionId: bookable.session.id,
  status: 'cancelled',
  countPlace: false,
});
await createBooking(t.db, { customerId: me.id, sessionId: started.session.id, countPlace: false });
await createBooking(t.db, { customerId: me.id, sessionId: farAway.session.id, countPlace: false });
const secondVenue = await createVenue(t.db, { clientId: client.id });
const elsewhere = await createSession(t.db, { venueId: secondVenue.id, startsAt: at(DAY) });
await createBooking(t.db, { customerId: me.id, sessionId: elsewhere.session.id, countPlace: false });
const nobody = await createCustomer(t.db, { clientId: client.id });

const session = await login(app, me);
const otherSession = await login(app, other);
const timetable = async (
  query: Record<string, string> = {},
  headers: Record<string, string> = session.headers,
) => app.inject({ method: 'GET', url: `/api/venues/${venue.slug}/sessions`, query, headers });
const myTimetable = async (
  query: Record<string, string> = {},
  headers: Record<string, string> = session.headers,
  slug = venue.slug,
) => app.inject({ method: 'GET', url: `/api/venues/${slug}/sessions/mine`, query, headers });

describe('GET /api/venues/:slug/sessions', () => {
  it('defaults to today and the next 13 days (venue-local) and lists sessions in time order', async () => {
    const response = await timetable();
    expect(response.statusCode).toBe(200);
    const data = timetableReply.parse(response.json()).data;
    expect(data).toMatchObject({
      from: '2026-10-20',
      to: '2026-11-02',
      booking_window_days: 7,
      venue: { slug: venue.slug, name: 'Leeds Central', time_zone: 'Europe/London' },
    });
    expect(data.sessions.map((s) => s.id)).toEqual([
      started.session.id,
      full.session.id,
      fullWaited.session.id,
      bookable.session.id,
      inBasket.session.id,
      later.session.id,
    ]);
    expect(data.categories).toEqual(['Cycling', 'Mind & Body']);
  });

  it("gives each session everyone's state, whoever asks", async () => {
    const data = timetableReply.parse((await timetable()).json()).data;
    const byId = new Map(data.sessions.map((s) => [s.id, s]));
    expect(byId.get(started.session.id)).toMatchObject({ state: 'started', releases_at: null });
    expect(byId.get(full.session.id)).toMatchObject({ state: 'full', places_left: 0 });
    expect(byId.get(fullWaited.session.id)).toMatchObject({
      state: 'full',
      places_left: 0,
      waitlist_position: null,
      waitlist_entry_id: null,
    });
    expect(byId.get(bookable.session.id)).toMatchObject({
      state: 'bookable',
      places_left: 20,
      in_basket: false,
      requires_waiver: true,
      price: { raw: 650, formatted: '£6.50' },
      duration: '45min',
      duration_minutes: 45,
      location_name: 'Studio 1',
      category: { name: 'Mind & Body' },
    });
    expect(byId.get(inBasket.session.id)).toMatchObject({ state: 'bookable', in_basket: false });
    expect(byId.get(later.session.id)).toMatchObject({
      state: 'not_released',
      releases_at: at(2 * DAY).toISOString(),
    });
  });

  it('answers a guest and two different members with the same bytes and the same ETag (one shared copy)', async () => {
    const queries: Record<string, string>[] = [
      {},
      { from: '2026-10-21', to: '2026-10-21' },
      { category: 'Cycling' },
    ];
    for (const query of queries) {
      const guest = await timetable(query, {});
      const mineReply = await timetable(query, session.headers);
      const theirs = await timetable(query, otherSession.headers);
      expect(guest.statusCode).toBe(200);
      expect(mineReply.rawPayload.equals(guest.rawPayload)).toBe(true);
      expect(theirs.rawPayload.equals(guest.rawPayload)).toBe(true);
      expect(mineReply.headers.etag).toBe(guest.headers.etag);
      expect(theirs.headers['cache-control']).toBe('public, no-cache');
    }
  });

  it('filters by category but still lists every category for the filter', async () => {
    const data = timetableReply.parse((await timetable({ category: 'mind & body' })).json()).data;
    expect(data.sessions.map((s) => s.name)).toEqual(['Yoga']);
    expect(data.categories).toEqual(['Cycling', 'Mind & Body']);
  });

  it('accepts at most 14 days and a sensible range (422 otherwise)', async () => {
    expect((await timetable({ from: '2026-10-20', to: '2026-11-02' })).statusCode).toBe(200);
    const tooLong = await timetable({ from: '2026-10-20', to: '2026-11-03' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.to).toEqual(['Choose at most 14 days.']);
    expect((await timetable({ from: '2026-10-22', to: '2026-10-21' })).statusCode).toBe(422);
    expect((await timetable({ from: 'tomorrow' })).statusCode).toBe(422);
  });

  it('answers 404 for an unknown venue or another client’s venue', async () => {
    for (const slug of ['nowhere', otherVenue.slug]) {
      const response = await app.inject({ method: 'GET', url: `/api/venues/${slug}/sessions` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
  });
});

describe('GET /api/venues/:slug/sessions/mine', () => {
  it("answers only the member's sessions in the range, each with their state, basket and waitlist place", async () => {
    const response = await myTimetable();
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    const data = myTimetableReply.parse(response.json()).data;
    expect(data).toEqual({
      from: '2026-10-20',
      to: '2026-11-02',
      sessions: [
        {
          id: started.session.id,
          state: 'started',
          releases_at: null,
          in_basket: false,
          waitlist_position: null,
          waitlist_entry_id: null,
        },
        {
          id: full.session.id,
          state: 'booked',
          releases_at: null,
          in_basket: false,
          waitlist_position: null,
          waitlist_entry_id: null,
        },
        {
          id: fullWaited.session.id,
          state: 'full',
          releases_at: null,
          in_basket: false,
          waitlist_position: 2,
          waitlist_entry_id: mine.id,
        },
        {
          id: inBasket.session.id,
          state: 'bookable',
          releases_at: null,
          in_basket: true,
          waitlist_position: null,
          waitlist_entry_id: null,
        },
      ],
    });
  });

  it('takes the range as the timetable does: a later range has the later booking, at most 14 days', async () => {
    const far = myTimetableReply.parse(
      (await myTimetable({ from: '2026-11-09', to: '2026-11-09' })).json(),
    ).data;
    expect(far.sessions).toEqual([
      {
        id: farAway.session.id,
        state: 'booked',
        releases_at: null,
        in_basket: false,
        waitlist_position: null,
        waitlist_entry_id: null,
      },
    ]);
    const oneDay = myTimetableReply.parse(
      (await myTimetable({ from: '2026-10-21', to: '2026-10-21' })).json(),
    );
    expect(oneDay.data.sessions.map((s) => s.id)).toEqual([full.session.id, fullWaited.session.id]);
    expect((await myTimetable({ from: '2026-10-20', to: '2026-11-03' })).statusCode).toBe(422);
    expect((await myTimetable({ from: 'tomorrow' })).statusCode).toBe(422);
  });

  it("shows each member only their own facts (A never sees B's)", async () => {
    const theirs = myTimetableReply.parse((await myTimetable({}, otherSession.headers)).json()).data;
    expect(theirs.sessions).toEqual([
      {
        id: full.session.id,
        state: 'booked',
        releases_at: null,
        in_basket: false,
        waitlist_position: null,
        waitlist_entry_id: null,
      },
      {
        id: fullWaited.session.id,
        state: 'booked',
        releases_at: null,
        in_basket: false,
        waitlist_position: 1,
        waitlist_entry_id: waiting.id,
      },
    ]);
    const none = await login(app, nobody);
    expect(myTimetableReply.parse((await myTimetable({}, none.headers)).json()).data.sessions).toEqual([]);
    // The other venue of the same client has only the booking there.
    const there = myTimetableReply.parse(
      (await myTimetable({}, session.headers, secondVenue.slug)).json(),
    ).data;
    expect(there.sessions.map((s) => [s.id, s.state])).toEqual([[elsewhere.session.id, 'booked']]);
  });

  it('is refused without a login (401), and answers 404 for an unknown venue or another client’s venue', async () => {
    const anonymous = await myTimetable({}, {});
    expect(anonymous.statusCode).toBe(401);
    for (const slug of ['nowhere', otherVenue.slug])
      expect((await myTimetable({}, session.headers, slug)).statusCode).toBe(404);
  });
});

describe('venue-local times across the clock changes', () => {
  it('shows the right local times on the last Sunday of October (BST → GMT)', async () => {
    const saturday = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-10-24T08:00:00Z'), // 09:00 BST
      name: 'Saturday swim',
    });
    const lateNight = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-10-24T23:30:00Z'), // 00:30 BST on Sunday
      name: 'Midnight swim',
      durationMinutes: 180, // ends 02:30 GMT, after the clocks went back
    });
    const sunday = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2026-10-25T09:00:00Z'), // 09:00 GMT
      name: 'Sunday swim',
    });
    const data = timetableReply.parse(
      (await timetable({ from: '2026-10-24', to: '2026-10-25' })).json(),
    ).data;
    const byId = new Map(data.sessions.map((s) => [s.id, s]));
    expect(byId.get(saturday.session.id)!.starts_at).toEqual({
      raw: '2026-10-24T08:00:00.000Z',
      local: '2026-10-24T09:00:00',
      date: '2026-10-24',
      time: '09:00',
    });
    expect(byId.get(lateNight.session.id)!.starts_at).toMatchObject({ date: '2026-10-25', time: '00:30' });
    expect(byId.get(lateNight.session.id)!.ends_at).toMatchObject({ date: '2026-10-25', time: '02:30' });
    expect(byId.get(lateNight.session.id)!.duration).toBe('180min');
    expect(byId.get(sunday.session.id)!.starts_at).toMatchObject({
      local: '2026-10-25T09:00:00',
      time: '09:00',
    });
    // Only sessions on those two local days.
    const saturdayOnly = timetableReply.parse(
      (await timetable({ from: '2026-10-24', to: '2026-10-24' })).json(),
    ).data;
    expect(saturdayOnly.sessions.map((s) => s.id)).toEqual([saturday.session.id]);
  });

  it('shows the right local times on the last Sunday of March (GMT → BST)', async () => {
    const saturday = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2027-03-27T09:00:00Z'), // 09:00 GMT
      name: 'Saturday spin',
    });
    const sunday = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date('2027-03-28T08:00:00Z'), // 09:00 BST
      name: 'Sunday spin',
    });
    const data = timetableReply.parse(
      (await timetable({ from: '2027-03-27', to: '2027-03-28' })).json(),
    ).data;
    expect(data.sessions.map((s) => [s.id, s.starts_at.date, s.starts_at.time, s.ends_at.time])).toEqual([
      [saturday.session.id, '2027-03-27', '09:00', '09:45'],
      [sunday.session.id, '2027-03-28', '09:00', '09:45'],
    ]);
    expect(data.sessions.every((s) => s.state === 'not_released')).toBe(true);
  });
});

describe('GET /api/sessions/:id', () => {
  it('answers one session with the caller’s facts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/sessions/${fullWaited.session.id}`,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(sessionReply.parse(response.json()).data).toMatchObject({
      id: fullWaited.session.id,
      state: 'full',
      waitlist_position: 2,
      venue: { id: venue.id, slug: venue.slug },
    });
  });

  it('answers 404 for unknown sessions and sessions of another client', async () => {
    for (const id of [999_999, foreign.session.id]) {
      expect((await app.inject({ method: 'GET', url: `/api/sessions/${id}` })).statusCode).toBe(404);
    }
  });
});
