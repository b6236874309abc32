/**
 * Replies that are the same for every visitor (theme, client, footer, venues, the guest timetable) carry a weak
 * ETag and answer a matching If-None-Match with 304 and no body, also when the reply is compressed; replies made
 * for a logged-in member are private and get no ETag. The timetable is the same for guests and members (decision
 * 061): shared for a moment, and a booking made in this process clears it at once (decision 020).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createSession,
  createVenue,
  login,
  setupTestDatabase,
  TEST_BILLING,
} from './helper.ts';

const DAY = 86_400_000;
let clock = new Date('2026-10-20T10:00:00Z');

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, bookingWindowDays: 7 });
const sessions: Awaited<ReturnType<typeof createSession>>[] = [];
for (let i = 0; i < 12; i++) {
  sessions.push(
    await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(clock.getTime() + DAY + i * 3_600_000),
      name: `Class ${i}`,
      capacity: 5,
    }),
  );
}
const member = await createCustomer(t.db, { clientId: client.id });
// A long TTL, so the test sees the cache at work without racing the wall clock; the app's clock moves instead.
const app = await t.buildTestApp({ guestTimetableCacheMs: 60_000 }, { now: () => clock });
const timetableUrl = `/api/venues/${venue.slug}/sessions`;

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const placesLeft = (body: string, sessionId: number) =>
  (JSON.parse(body).data.sessions as { id: number; places_left: number }[]).find((s) => s.id === sessionId)!
    .places_left;

describe('ETag and 304 for replies that are the same for everyone', () => {
  for (const url of [
    '/api/frontend/theme',
    '/api/client',
    '/api/activities/footer',
    '/api/venues',
    '/api/venues?lat=53.8&lng=-1.55&radius=10&page=1&per_page=5',
    '/api/venue-pins',
    `/api/venues/${venue.slug}`,
    timetableUrl,
  ]) {
    it(`GET ${url}: the same reply twice has one ETag; If-None-Match gets 304 with no body`, async () => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      const second = await get(url);
      expect(second.headers.etag).toBe(etag);
      expect(second.body).toBe(first.body);

      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);

      const other = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    });
  }

  it('computes the ETag before compression: a brotli reply has the ETag of its JSON and revalidates to 304', async () => {
    const plain = await get(timetableUrl);
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await get(timetableUrl, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get(timetableUrl, {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it("gives a logged-in member the guests' timetable: the same ETag, and 304 for it", async () => {
    const guest = await get(timetableUrl);
    const session = await login(app, { email: member.email, password: member.password });
    const mine = await get(timetableUrl, { cookie: session.headers.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBe(guest.headers.etag);
    expect(mine.headers['cache-control']).toBe('public, no-cache');
    expect(mine.body).toBe(guest.body);
    const conditional = await get(timetableUrl, {
      cookie: session.headers.cookie,
      'if-none-match': guest.headers.etag as string,
    });
    expect(conditional.statusCode).toBe(304);
  });

  it("gives a logged-in member's own replies no shared ETag: one session (private) and their timetable facts", async () => {
    const session = await login(app, { email: member.email, password: member.password });
    const one = await get(`/api/sessions/${sessions[0]!.session.id}`, { cookie: session.headers.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.headers.etag).toBeUndefined();
    expect(one.headers['cache-control']).toBe('private, no-cache');
    const mine = await get(`${timetableUrl}/mine`, { cookie: session.headers.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
  });

  it('does not answer 304 to an error reply', async () => {
    const missing = await get('/api/venues/no-such-venue');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('the shared guest timetable', () => {
  it('is reused for guests until a booking made here clears it, and is at most the TTL old otherwise', async () => {
    const target = sessions[3]!.session;
    const before = await get(timetableUrl);
    expect(placesLeft(before.body, target.id)).toBe(5);

    // Another process's booking (straight into the database): this process keeps its copy for the TTL ...
    await t.db
      .update(activitySessions)
      .set({ bookedCount: sql`${activitySessions.bookedCount} + 1` })
      .where(eq(activitySessions.id, target.id));
    expect(placesLeft((await get(timetableUrl)).body, target.id)).toBe(5);
    // ... and reads again once it is older than that.
    clock = new Date(clock.getTime() + 61_000);
    expect(placesLeft((await get(timetableUrl)).body, target.id)).toBe(4);

    // A checkout here clears it at once.
    const session = await login(app, { email: member.email, password: member.password });
    const token = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokens',
      headers: session.headers,
      payload: {
        cardholder_name: 'Alex Morgan',
        card_number: '4242 4242 4242 4242',
        expiry_date: '12/39',
        security_code: '123',
        ...TEST_BILLING,
      },
    });
    expect(token.statusCode).toBe(200);
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: session.headers,
      payload: { items: [{ id: target.id, type: 'activity' }] },
    });
    expect(added.statusCode).toBe(200);
    const done = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: added.json().data.version,
        payment_method: { type: 'token', token: token.json().data.token },
      },
    });
    expect(done.statusCode).toBe(200);
    expect(placesLeft((await get(timetableUrl)).body, target.id)).toBe(3);
  });

  it('keeps guests apart by query and answers errors without keeping them', async () => {
    const today = '2026-10-20';
    const oneDay = await get(`${timetableUrl}?from=${today}&to=${today}`);
    const all = await get(timetableUrl);
    expect(JSON.parse(oneDay.body).data.to).toBe(today);
    expect(JSON.parse(all.body).data.to).not.toBe(today);
    const bad = await get(`${timetableUrl}?from=2026-10-20&to=2026-12-20`);
    expect(bad.statusCode).toBe(422);
    expect((await get(`${timetableUrl}?from=2026-10-20&to=2026-12-20`)).statusCode).toBe(422);
  });
});
