import { packagesReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { customerPackageVenues, packageUsages } from '../src/db/schema.ts';
import { venueDayMonthYear } from '../src/lib/venue-time.ts';
import { accountProfileTestbed, DAY } from './account-profile.fixtures.ts';
import { createCustomer, createPackage, login } from './helper.ts';

const { t, client, venues, app, call } = await accountProfileTestbed('Leeds Central', 'York Baths');
const [leeds, york] = venues;

const me = await createCustomer(t.db, { clientId: client.id, firstName: 'Alex', lastName: 'Morgan' });
const other = await createCustomer(t.db, { clientId: client.id });
const mine = await login(app, me);
const theirs = await login(app, other);

describe('packages', () => {
  it("lists the caller's packages with area, sessions from usages, expiry and contents; never another's", async () => {
    const expiresAt = new Date(Date.now() + 30 * DAY);
    const yoga = await createPackage(t.db, {
      customerId: me.id,
      description: 'Ten classes',
      sessionsIncluded: 10,
      sessionsRemaining: 7,
      expiresAt,
    });
    await t.db
      .insert(packageUsages)
      .values([1, 2, 3].map(() => ({ customerPackageId: yoga.id })))
      .returning();
    await t.db.insert(packageUsages).values({ customerPackageId: yoga.id, returnedAt: new Date() });
    const swim = await createPackage(t.db, {
      customerId: me.id,
      name: '5 Swim Pass',
      activityCategory: 'Aquatics',
      sessionsIncluded: 5,
      sessionsRemaining: 5,
      expiresAt: null,
    });
    await t.db.insert(customerPackageVenues).values([
      { customerPackageId: swim.id, venueId: york.id },
      { customerPackageId: swim.id, venueId: leeds.id },
    ]);
    const hidden = await createPackage(t.db, { customerId: other.id, name: 'Not yours' });

    const response = await call(mine, 'GET', '/api/promotions/user/packages');
    expect(response.statusCode).toBe(200);
    const list = packagesReply.parse(response.json()).data;
    expect(list.map((p) => p.id).sort()).toEqual([yoga.id, swim.id].sort());
    expect(list.find((p) => p.id === yoga.id)).toMatchObject({
      area: 'All centres',
      name: '10 Yoga Class Pass',
      description: 'Ten classes',
      price: { raw: 5500, formatted: '£55.00' },
      expires: venueDayMonthYear(expiresAt),
      sessions_included: 10,
      sessions_remaining: 7,
      contents: [{ usages: 10, concatenated_name: 'Mind & Body activities', remaining: 7 }],
    });
    expect(list.find((p) => p.id === swim.id)).toMatchObject({
      area: 'Leeds Central, York Baths',
      expires: null,
      sessions_remaining: 5,
    });
    expect(list.some((p) => p.id === hidden.id)).toBe(false);
    expect(
      packagesReply.parse((await call(theirs, 'GET', '/api/promotions/user/packages')).json()).data,
    ).toEqual([expect.objectContaining({ id: hidden.id })]);
    expect((await app.inject({ method: 'GET', url: '/api/promotions/user/packages' })).statusCode).toBe(401);
  });
});
