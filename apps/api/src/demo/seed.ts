import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  activities as activitiesTable,
  clients,
  membershipBenefits,
  membershipTypes,
  paymentOptions,
  venues as venuesTable,
} from '../db/schema.ts';
import {
  seedDemoCredit,
  seedDemoFees,
  seedDemoGuestPasses,
  seedDemoPassAndCard,
} from '../db/seed/demo-account.ts';
import {
  seedBusySessions,
  seedDemoBookings,
  seedDemoCustomers,
  seedDirectDebitMembership,
} from '../db/seed/demo-customer.ts';
import { seedExpiredCard, seedLongHistory, seedPaymentsArea } from '../db/seed/members.ts';
import { seedProgramme } from '../db/seed/programme.ts';
import { DEMO_GUEST_PASS_PACKAGE } from '../db/seed-data.ts';
import { seedManagement } from '../db/seed-management.ts';
import { seedProfile } from '../db/seed-profile.ts';
import { hashPassword } from '../lib/password.ts';
import { REPO_ROOT } from '../paths.ts';
import { applyCatalogue, formatProblem, validateCatalogue } from '../services/catalogue/index.ts';
import { seedDemoStaff } from './staff.ts';

export const DEMO_EMAIL = 'demo@fieldhouse.test';
export const DEMO_PASSWORD = 'Fieldhouse1!';
export const DEMO_REFERENCE = 'FH100001';
/** Two accounts share this email (a family): Sam uses DEMO_PASSWORD, Jo uses FAMILY_SECOND_PASSWORD. */
export const FAMILY_EMAIL = 'family@fieldhouse.test';
export const FAMILY_SECOND_PASSWORD = 'Fieldhouse2!';
export const DEMO_HOME_VENUE_SLUG = 'john-charles-centre-for-sport';
/** The sandbox payment method behind the demo customer's saved Visa ending 4242. */
export const DEMO_SAVED_CARD_REF = 'pm_demo_visa_4242';

/** The demo operator's catalogue: the same file format, command and code an operator uses (docs/operators.md). */
export const DEMO_CATALOGUE_FILE = path.join(REPO_ROOT, 'catalogue/demo.yaml');

/** Applies catalogue/demo.yaml in the seed's transaction; the demo's customers are then made with the factories. */
async function applyDemoCatalogue(tx: Tx, now: Date) {
  const text = await readFile(DEMO_CATALOGUE_FILE, 'utf8');
  const file = 'catalogue/demo.yaml';
  const validated = validateCatalogue(file, text);
  if (!validated.ok)
    throw new Error(`${file} is not valid:\n${validated.problems.map(formatProblem).join('\n')}`);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const { clientId } = await applyCatalogue(tx, validated, { now, file, sha256 });
  const venues = await tx
    .select()
    .from(venuesTable)
    .where(eq(venuesTable.clientId, clientId))
    .orderBy(asc(venuesTable.id));
  const types = await tx
    .select()
    .from(membershipTypes)
    .where(eq(membershipTypes.clientId, clientId))
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id));
  const typeIds = types.map((t) => t.id);
  const options = await tx
    .select()
    .from(paymentOptions)
    .where(inArray(paymentOptions.membershipTypeId, typeIds))
    .orderBy(asc(paymentOptions.id));
  const benefits = await tx
    .select()
    .from(membershipBenefits)
    .where(inArray(membershipBenefits.membershipTypeId, typeIds))
    .orderBy(asc(membershipBenefits.id));
  const activities = await tx
    .select()
    .from(activitiesTable)
    .where(
      inArray(
        activitiesTable.venueId,
        venues.map((v) => v.id),
      ),
    )
    .orderBy(asc(activitiesTable.id));
  return { clientId, venues, types, options, benefits, activities };
}

/**
 * Seeds the demo operator (catalogue/demo.yaml), its sessions and customers relative to `now` (so the demo never
 * goes stale).
 * Idempotent: does nothing when a client exists. Returns whether it seeded.
 */
export async function seedDemo(db: Db, { now }: { now: Date }): Promise<boolean> {
  const [demoHash, familyHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(FAMILY_SECOND_PASSWORD),
  ]);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: clients.id }).from(clients).limit(1);
    if (existing) return false;
    await seedInTransaction(tx, now, demoHash, familyHash);
    return true;
  });
}

/** The parts in the order they are written (ids follow it, and the demo's ids stay the same from run to run). */
async function seedInTransaction(tx: Tx, now: Date, demoHash: string, familyHash: string) {
  const { clientId, venues, types, options, benefits, activities } = await applyDemoCatalogue(tx, now);
  const venueBySlug = new Map(venues.map((v) => [v.slug, v]));
  const home = venueBySlug.get(DEMO_HOME_VENUE_SLUG)!;
  const { sessions } = await seedProgramme(tx, { now, activities, homeVenueId: home.id });
  const activityById = new Map(activities.map((a) => [a.id, a]));

  const people = {
    clientId,
    now,
    demoHash,
    familyHash,
    home,
    familyVenueId: venueBySlug.get('manchester-aquatics-centre')!.id,
  };
  const demo = await seedDemoCustomers(tx, {
    ...people,
    reference: DEMO_REFERENCE,
    email: DEMO_EMAIL,
    familyEmail: FAMILY_EMAIL,
  });
  const gymSwim = types.find((t) => t.slug === 'gym-and-swim')!;
  const membership = await seedDirectDebitMembership(tx, {
    now,
    customerId: demo.id,
    homeVenueId: home.id,
    option: options.find((o) => o.membershipTypeId === gymSwim.id && o.paymentType === 'recurring')!,
    reference: 'M-100001',
    mandate: {
      reference: 'SBX-MD-DEMO100001',
      accountHolder: 'Alex Morgan',
      billingAddressLine1: '12 Park Row',
      billingPostcode: 'LS1 5HD',
    },
    startedDaysAgo: 240,
  });
  const homeSessions = sessions
    .filter((s) => s.venueId === home.id)
    .sort((a, b) => +a.startsAt - +b.startsAt);
  const demoBookings = await seedDemoBookings(tx, {
    now,
    customerId: demo.id,
    homeSessions,
    activityName: (id) => activityById.get(id)!.name,
  });
  const extras = await seedBusySessions(tx, {
    ...people,
    homeSessions,
    demoBookings,
    activityOf: (id) => activityById.get(id)!,
  });

  await seedDemoFees(tx, { now, customerId: demo.id, home, bookings: demoBookings });
  await seedDemoCredit(tx, {
    now,
    customerId: demo.id,
    home,
    ponds: venueBySlug.get('ponds-forge')!,
    membershipReference: membership.reference,
  });
  await seedDemoPassAndCard(tx, { now, customerId: demo.id, providerRef: DEMO_SAVED_CARD_REF });
  await seedDemoGuestPasses(tx, {
    now,
    customerId: demo.id,
    home,
    venueBySlug,
    membershipId: membership.id,
    guestBenefitId: benefits.find((b) => b.kind === 'guest_pass')!.id,
  });

  // Ben Clarke (FH100007) and Chloe Evans (FH100008) have a payments area of their own to try.
  const bundleVenueIds = DEMO_GUEST_PASS_PACKAGE.venueSlugs.map((slug) => venueBySlug.get(slug)!.id);
  for (const index of [0, 1]) {
    const customer = extras[index + 3]!;
    await seedPaymentsArea(tx, { now, customer, index, home, bundleVenueIds });
  }
  await seedExpiredCard(tx, { now, customerId: extras[0]!.id });
  await seedLongHistory(tx, { now, clientId, passwordHash: demoHash, homeVenueId: home.id });

  await seedManagement(tx, { now, passwordHash: demoHash, homeVenueSlug: DEMO_HOME_VENUE_SLUG });
  await seedProfile(tx, now);
  await seedDemoStaff(tx, { now, passwordHash: demoHash, clientId, homeVenueSlug: DEMO_HOME_VENUE_SLUG });
}
