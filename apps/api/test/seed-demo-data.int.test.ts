import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySessions, bookings, clients, venues } from '../src/db/schema.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_REFERENCE, FAMILY_EMAIL, seedDemo } from '../src/demo/seed.ts';
import { csrfHeaders, login, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const now = new Date();

describe('seedDemo', () => {
  it('seeds once, quickly, and is idempotent', async () => {
    const started = Date.now();
    expect(await seedDemo(t.db, { now })).toBe(true);
    // The first `npm start` seeds: it must stay quick (about 7 s here; the margin is for a loaded CI machine).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await seedDemo(t.db, { now })).toBe(false);
    expect(await t.db.select().from(clients)).toHaveLength(1);
  });

  it('has at least 12 venues with UK coordinates and one theme override', async () => {
    const rows = await t.db.select().from(venues);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const v of rows) {
      expect(v.lat).toBeGreaterThan(49.9);
      expect(v.lat).toBeLessThan(60.9);
      expect(v.lng).toBeGreaterThan(-8.2);
      expect(v.lng).toBeLessThan(1.8);
      expect(v.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    }
    expect(rows.filter((v) => Object.keys(v.themeOverrides).length > 0)).toHaveLength(1);
  });

  it('keeps booked_count equal to the live bookings', async () => {
    const mismatches = await t.db
      .select({ id: activitySessions.id })
      .from(activitySessions)
      .where(
        sql`${activitySessions.bookedCount} <> (select count(*) from ${bookings} b where b.activity_session_id = ${activitySessions.id} and b.status <> 'cancelled')`,
      );
    expect(mismatches).toHaveLength(0);
    const [{ total }] = (await t.db
      .select({ total: sql<number>`sum(booked_count)::int` })
      .from(activitySessions)) as [{ total: number }];
    expect(total).toBeGreaterThanOrEqual(12);
  });

  it('lets the demo customer log in and see bookings, credit and fees', async () => {
    const app = await t.buildTestApp();
    const session = await login(app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const user = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers })).json()
      .data;
    expect(user).toMatchObject({
      reference: DEMO_REFERENCE,
      first_name: 'Alex',
      last_name: 'Morgan',
      membership_user: true,
      has_billing_date: true,
      has_instruction: true,
      has_outstanding_penalties: true,
      credit: { balance: { raw: 1950, formatted: '£19.50' } },
    });
    const iso = now.toISOString();
    const upcoming = await app.inject({
      method: 'GET',
      url: `/api/v1/activities/bookings?starts_after=${iso}`,
      headers: session.headers,
    });
    const past = await app.inject({
      method: 'GET',
      url: `/api/v1/activities/bookings?starts_before=${iso}`,
      headers: session.headers,
    });
    expect(upcoming.json().data.length).toBeGreaterThanOrEqual(3);
    expect(past.json().data.length).toBeGreaterThanOrEqual(6);
    const first = upcoming.json().data[0];
    expect(new Date(first.starts_at.raw).getTime()).toBeGreaterThan(now.getTime() + 3_600_000);

    // The shared family email can't reset by email, only by reference.
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      headers: csrfHeaders(),
      payload: { email_or_reference: FAMILY_EMAIL },
    });
    expect(forgot.json().message).toMatch(/^Multiple/);
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(eq(bookings.status, 'no_show'))) as [{ count: number }];
    expect(count).toBeGreaterThanOrEqual(1);
  });
});
