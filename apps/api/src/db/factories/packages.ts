/** Factories for packages a customer bought (class passes, guest-pass bundles) and the guest passes they send. */
import type { DbOrTx } from '../client.ts';
import { customerPackages, customerPackageVenues, guestPasses, packageUsages } from '../schema.ts';
import { unique } from './unique.ts';

/**
 * A package (default: '10 Yoga Class Pass', 6 of 10 left); `venueIds` limits where it is good and `usedAt`
 * records its uses.
 */
export async function createPackage(
  db: DbOrTx,
  input: Partial<typeof customerPackages.$inferInsert> & {
    customerId: number;
    venueIds?: number[];
    usedAt?: Date[];
  },
) {
  const { venueIds = [], usedAt = [], ...overrides } = input;
  const [pkg] = await db
    .insert(customerPackages)
    .values({
      name: '10 Yoga Class Pass',
      area: 'Classes',
      activityCategory: 'Mind & Body',
      sessionsIncluded: 10,
      sessionsRemaining: 6,
      price: 5500,
      ...overrides,
    })
    .returning();
  if (usedAt.length) {
    await db.insert(packageUsages).values(usedAt.map((at) => ({ customerPackageId: pkg!.id, usedAt: at })));
  }
  if (venueIds.length) {
    await db
      .insert(customerPackageVenues)
      .values(venueIds.map((venueId) => ({ customerPackageId: pkg!.id, venueId })));
  }
  return pkg!;
}

/** A guest-pass package (default '5 Guest Pass Bundle', 3 of 5 left); `venueIds` limits where it is good. */
export async function createGuestPassPackage(
  db: DbOrTx,
  input: Partial<typeof customerPackages.$inferInsert> & { customerId: number; venueIds?: number[] },
) {
  return createPackage(db, {
    kind: 'guest_pass',
    name: '5 Guest Pass Bundle',
    area: 'Guest passes',
    activityCategory: 'Guest pass',
    sessionsIncluded: 5,
    sessionsRemaining: 3,
    price: 2500,
    ...input,
  });
}

/** A sent guest pass (default: issued, valid for a week, from the given package). */
export async function createGuestPass(
  db: DbOrTx,
  overrides: Partial<typeof guestPasses.$inferInsert> & { customerId: number; venueId: number },
) {
  const [row] = await db
    .insert(guestPasses)
    .values({
      guestName: 'Jamie Patel',
      guestEmail: 'jamie@test.example',
      code: `GP-${unique().toUpperCase()}`,
      validTo: new Date(Date.now() + 7 * 86_400_000),
      sourceType: 'package',
      ...overrides,
    })
    .returning();
  return row!;
}
