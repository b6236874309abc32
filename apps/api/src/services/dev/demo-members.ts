/**
 * Demo mode only: a fresh member of the demo operator, made of the same parts as the seeded demo members, so a
 * browser test changes its own member's data rather than a seeded member another test reads.
 */
import type { DevMemberBody } from '@fieldhouse/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCustomer, createSavedCard } from '../../db/factories/customers.ts';
import { createBooking } from '../../db/factories/programme.ts';
import { activitySessions, clients, membershipTypes, paymentOptions, venues } from '../../db/schema.ts';
import { seedDirectDebitMembership } from '../../db/seed/demo-customer.ts';
import { seedPaymentsArea } from '../../db/seed/members.ts';
import { DEMO_GUEST_PASS_PACKAGE } from '../../db/seed-data.ts';
import { createManagementMember } from '../../db/seed-management.ts';
import { createMemberProfile } from '../../db/seed-profile.ts';
import { DEMO_HOME_VENUE_SLUG, DEMO_PASSWORD } from '../../demo/seed.ts';
import { notFound } from '../../lib/http-errors.ts';
import { addDays, instantAt, localDateOf } from '../../lib/local-date.ts';
import { hashPassword } from '../../lib/password.ts';
import { nextCustomerReference } from '../customers/index.ts';

const FIRST_NAMES = {
  demo: 'Alex',
  payments: 'Ben',
  management: 'Dana',
  desk: 'Casey',
  'lapsed-direct-debit': 'Lee',
} as const;
const DAY_MS = 86_400_000;

export async function createDemoMember(db: Db, input: { kind: DevMemberBody['kind']; now: Date }) {
  const { kind, now } = input;
  // Hashed before the transaction opens (scrypt would hold PGlite's one connection meanwhile).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).orderBy(clients.id).limit(1);
    const allVenues = client ? await tx.select().from(venues).where(eq(venues.clientId, client.id)) : [];
    const home = allVenues.find((v) => v.slug === DEMO_HOME_VENUE_SLUG);
    if (!client || !home) throw notFound('The demo data is not there.');
    const reference = await nextCustomerReference(tx);
    const person = {
      reference,
      firstName: FIRST_NAMES[kind],
      lastName: 'Tester',
      email: `${kind}.${reference.toLowerCase()}@fieldhouse.test`,
    };
    if (kind === 'management') {
      const customer = await createManagementMember(tx, {
        now,
        clientId: client.id,
        home,
        passwordHash,
        person: { ...person, number: Number(reference.slice(2)) },
      });
      await createMemberProfile(tx, {
        now,
        clientId: client.id,
        customerId: customer.id,
        used: 3,
        attendee: null,
        swimPassVenueIds: [],
      });
      return customer;
    }
    const customer = await createCustomer(tx, {
      clientId: client.id,
      ...person,
      passwordHash,
      homeVenueId: home.id,
      termsAcceptedAt: new Date(now.getTime() - 60 * DAY_MS),
      ...(kind === 'demo' ? { billingDay: 1, hasInstruction: true, dateOfBirth: '1990-04-12' } : {}),
    });
    if (kind === 'payments' || kind === 'desk') {
      const bundleVenueIds = DEMO_GUEST_PASS_PACKAGE.venueSlugs.flatMap(
        (slug) => allVenues.find((v) => v.slug === slug)?.id ?? [],
      );
      await seedPaymentsArea(tx, { now, customer, index: 0, home, bundleVenueIds });
      if (kind === 'desk') {
        // Booked on the home venue's first session of today, whenever the test runs: a register to mark.
        const today = localDateOf(now, home.timeZone);
        const [first] = await tx
          .select()
          .from(activitySessions)
          .where(
            and(
              eq(activitySessions.venueId, home.id),
              gte(activitySessions.startsAt, instantAt(today, { hour: 0, minute: 0 }, home.timeZone)),
              lt(
                activitySessions.startsAt,
                instantAt(addDays(today, 1), { hour: 0, minute: 0 }, home.timeZone),
              ),
            ),
          )
          .orderBy(asc(activitySessions.startsAt))
          .limit(1);
        if (first)
          await createBooking(tx, { customerId: customer.id, sessionId: first.id, price: first.price });
      }
      return customer;
    }
    const [option] = await tx
      .select({
        id: paymentOptions.id,
        membershipTypeId: paymentOptions.membershipTypeId,
        baseFee: paymentOptions.baseFee,
      })
      .from(paymentOptions)
      .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
      .where(
        and(
          eq(membershipTypes.clientId, client.id),
          eq(membershipTypes.slug, 'gym-and-swim'),
          eq(paymentOptions.paymentType, 'recurring'),
        ),
      );
    if (!option) throw notFound('The demo data is not there.');
    await seedDirectDebitMembership(tx, {
      now,
      customerId: customer.id,
      homeVenueId: home.id,
      option,
      reference: `M-${reference.slice(2)}`,
      mandate: {
        reference: `SBX-MD-DEMO${reference.slice(2)}`,
        accountHolder: `${person.firstName} ${person.lastName}`,
        billingAddressLine1: '12 Park Row',
        billingPostcode: 'LS1 5HD',
      },
      startedDaysAgo: 240,
      // The demo member's, or one whose bank cancelled the direct debit three days ago.
      mandateCancelledDaysAgo: kind === 'lapsed-direct-debit' ? 3 : undefined,
    });
    await createSavedCard(tx, {
      customerId: customer.id,
      providerRef: `pm_demo_visa_${reference.toLowerCase()}`,
      expiryYear: localDateOf(now).year + 3,
      billing: {
        firstName: person.firstName,
        lastName: person.lastName,
        addressLine1: '12 Middleton Grove',
        addressLine2: 'Beeston',
        city: 'Leeds',
        postcode: 'LS11 5DJ',
      },
    });
    return customer;
  });
}
