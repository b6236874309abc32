import { packagesReply, waiverReply, waiversReply } from '@fieldhouse/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, clients, waiverSignatures, waivers } from '../src/db/schema.ts';
import { seedProfile } from '../src/db/seed-profile.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/demo/seed.ts';
import { login, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const now = new Date();
await seedDemo(t.db, { now });
const app = await t.buildTestApp();

describe('demo packages and waivers (seed-profile)', () => {
  it('is idempotent', async () => {
    const count = async () => (await t.db.select().from(waiverSignatures)).length;
    const before = await count();
    await t.db.transaction((tx) => seedProfile(tx, now));
    expect(await count()).toBe(before);
    expect(await t.db.select().from(clients)).toHaveLength(1);
  });

  it('gives every Body Pump its waiver; the demo customer signed version 1 and is offered version 2', async () => {
    const pumps = await t.db.select().from(activities).where(eq(activities.name, 'Body Pump'));
    expect(pumps.length).toBeGreaterThan(0);
    expect(pumps.every((a) => a.waiverId !== null && a.requiresWaiver)).toBe(true);
    expect(
      await t.db
        .select()
        .from(activities)
        .where(and(eq(activities.requiresWaiver, true), isNull(activities.waiverId))),
    ).toHaveLength(0);

    const who = await login(app, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const list = waiversReply.parse(
      (await app.inject({ method: 'GET', url: '/api/my-account/user/waivers', headers: who.headers })).json(),
    ).data;
    expect(list.map((e) => e.restriction.name)).toEqual(['Body Pump', 'Junior swim lessons']);
    expect(list[1]!.waivers[0]).toMatchObject({ attendee: 'Sam Morgan' });
    expect(list[1]!.waivers[0]!.questions.length).toBeGreaterThan(1);

    const [pumpWaiver] = await t.db
      .select()
      .from(waivers)
      .where(eq(waivers.title, 'Body Pump participation waiver'));
    const page = waiverReply.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/my-account/user/waivers/${pumpWaiver!.id}`,
          headers: who.headers,
        })
      ).json(),
    ).data;
    expect(page).toMatchObject({ version: 2, signed_on: null, expired: false, type: 'simple' });

    const packages = packagesReply.parse(
      (
        await app.inject({ method: 'GET', url: '/api/promotions/user/packages', headers: who.headers })
      ).json(),
    ).data;
    expect(packages.find((p) => p.name === '10 Yoga Class Pass')).toMatchObject({
      sessions_included: 10,
      sessions_remaining: 6,
    });
  });
});
