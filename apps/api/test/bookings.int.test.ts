import { bookingsReply, DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  login,
  setupTestDatabase,
} from './helper.ts';

const HOUR = 3_600_000;
const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const app = await t.buildTestApp();

const me = await createCustomer(t.db, { clientId: client.id });
const other = await createCustomer(t.db, { clientId: client.id });
const now = Date.now();
const at = (hours: number) => new Date(now + hours * HOUR);

const soon = await createSession(t.db, {
  venueId: venue.id,
  startsAt: at(1),
  name: 'HIIT',
  durationMinutes: 30,
});
const tomorrow = await createSession(t.db, { venueId: venue.id, startsAt: at(26), name: 'Spin', price: 650 });
const nextWeek = await createSession(t.db, {
  venueId: venue.id,
  startsAt: at(24 * 7),
  name: 'Badminton Court',
  price: 1200,
  cancellationAwardsCredit: false,
  cancellationCutoffHours: 24,
});
const free = await createSession(t.db, { venueId: venue.id, startsAt: at(48), name: 'Open Gym', price: 0 });
const yesterday = await createSession(t.db, { venueId: venue.id, startsAt: at(-24), name: 'Yoga' });
const lastWeek = await createSession(t.db, { venueId: venue.id, startsAt: at(-24 * 7), name: 'Pilates' });
const cancelledOne = await createSession(t.db, { venueId: venue.id, startsAt: at(30), name: 'Aqua Fit' });

await createBooking(t.db, { customerId: me.id, sessionId: soon.session.id });
await createBooking(t.db, { customerId: me.id, sessionId: nextWeek.session.id, price: 1200 });
const spinBooking = await createBooking(t.db, { customerId: me.id, sessionId: tomorrow.session.id });
await createBooking(t.db, { customerId: me.id, sessionId: free.session.id, price: 0 });
await createBooking(t.db, { customerId: me.id, sessionId: yesterday.session.id, status: 'attended' });
await createBooking(t.db, { customerId: me.id, sessionId: lastWeek.session.id, status: 'no_show' });
const cancelledBooking = await createBooking(t.db, {
  customerId: me.id,
  sessionId: cancelledOne.session.id,
  status: 'cancelled',
});
const othersBooking = await createBooking(t.db, { customerId: other.id, sessionId: tomorrow.session.id });
await createBooking(t.db, { customerId: other.id, sessionId: yesterday.session.id, status: 'attended' });

const session = await login(app, me);
const iso = new Date(now).toISOString();
const get = (query: Record<string, string>, headers: Record<string, string> = session.headers) =>
  app.inject({ method: 'GET', url: '/api/v1/activities/bookings', query, headers });

describe("the spec's GET bookings (filter future or past)", () => {
  const spec = (query: Record<string, string>, headers: Record<string, string> = session.headers) =>
    app.inject({ method: 'GET', url: '/api/bookings', query, headers });

  it('needs a session', async () => {
    expect((await spec({ filter: 'future' }, {})).statusCode).toBe(401);
  });

  it("lists the caller's future bookings soonest first, and past ones most recent first", async () => {
    const future = bookingsReply.parse((await spec({ filter: 'future' })).json()).data;
    expect(future.map((b) => b.name)).toEqual(['HIIT', 'Spin', 'Open Gym', 'Badminton Court']);
    const past = bookingsReply.parse((await spec({ filter: 'past' })).json()).data;
    expect(past.map((b) => [b.name, b.status])).toEqual([
      ['Yoga', 'attended'],
      ['Pilates', 'no_show'],
    ]);
  });

  it('answers exactly as the activities path does', async () => {
    expect((await spec({ filter: 'future' })).json()).toEqual((await get({ starts_after: iso })).json());
  });

  it('refuses an unknown filter with a field error', async () => {
    expect((await spec({ filter: 'soon' })).statusCode).toBe(422);
  });
});

describe('GET /api/v1/activities/bookings', () => {
  it('needs a session', async () => {
    expect((await get({ starts_after: iso }, {})).statusCode).toBe(401);
  });

  it("lists only the caller's upcoming bookings, soonest first, without cancelled ones", async () => {
    const response = await get({ starts_after: iso, cancellation_source: 'my-account' });
    expect(response.statusCode).toBe(200);
    const data = bookingsReply.parse(response.json()).data;
    expect(data.map((b) => b.name)).toEqual(['HIIT', 'Spin', 'Open Gym', 'Badminton Court']);
    expect(data.every((b) => b.status === 'booked')).toBe(true);
  });

  it('lists past bookings most recent first', async () => {
    const data = (await get({ starts_before: iso })).json().data;
    expect(data.map((b: { name: string; status: string }) => [b.name, b.status])).toEqual([
      ['Yoga', 'attended'],
      ['Pilates', 'no_show'],
    ]);
    expect(data[0].attended).toBe(true);
  });

  it('applies the cancellation cut-off and credit rules', async () => {
    const byName = new Map(
      (await get({ starts_after: iso })).json().data.map((b: { name: string }) => [b.name, b]),
    ) as Map<string, Record<string, unknown>>;
    expect(byName.get('HIIT')).toMatchObject({
      can_be_cancelled: false,
      duration: '30min',
      cancellation_cut_off: {
        cutoff_action: 'cancel',
        cutoff_message: 'Cannot cancel due to booking starting soon',
      },
      awards_credit: {
        can_be_awarded: false,
        message: 'You are not eligible to receive credit for this booking.',
      },
    });
    expect(byName.get('Spin')).toMatchObject({
      can_be_cancelled: true,
      price: { raw: 650, formatted: '£6.50' },
      venue_name: 'Leeds Central',
      location_name: 'Studio 1',
      awards_credit: {
        can_be_awarded: true,
        message: 'A credit for the value of this booking will be added to your account.',
      },
    });
    expect(byName.get('Badminton Court')).toMatchObject({
      can_be_cancelled: true,
      awards_credit: { can_be_awarded: false },
    });
    expect(byName.get('Open Gym')).toMatchObject({
      can_be_cancelled: true,
      awards_credit: { can_be_awarded: false },
    });
  });

  it("refuses another customer's user_id (403) and accepts the caller's own", async () => {
    const forbidden = await get({ starts_after: iso, user_id: String(other.id) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.forbidden });
    expect((await get({ starts_after: iso, user_id: String(me.id) })).statusCode).toBe(200);
  });

  it('validates the query (422)', async () => {
    const response = await get({ starts_after: 'yesterday' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['starts_after']);
  });
});

describe("GET /api/bookings/:bookingId/calendar.ics ('Add to calendar')", () => {
  const ics = (id: number, headers: Record<string, string> = session.headers) =>
    app.inject({ method: 'GET', url: `/api/bookings/${id}/calendar.ics`, headers });
  const utc = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');

  it('answers one event for the booking, at its instants in UTC', async () => {
    const response = await ics(spinBooking.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="booking-${spinBooking.id}.ics"`,
    );
    const text = response.body;
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`DTSTART:${utc(tomorrow.session.startsAt)}`);
    expect(text).toContain(`DTEND:${utc(tomorrow.session.endsAt)}`);
    expect(text).toContain('SUMMARY:Spin');
    expect(text).toContain('LOCATION:Leeds Central\\, Studio 1');
  });

  it("needs a session, and answers 404 for another customer's or a cancelled booking", async () => {
    expect((await ics(spinBooking.id, {})).statusCode).toBe(401);
    expect((await ics(othersBooking.id)).statusCode).toBe(404);
    expect((await ics(cancelledBooking.id)).statusCode).toBe(404);
  });
});
