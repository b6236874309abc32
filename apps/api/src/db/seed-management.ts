/**
 * Demo members for managing memberships (account-shell §4 Memberships): two members for the browser tests (the
 * eligibility criteria, freeze reasons and notice period they meet come from catalogue/demo.yaml). Called by seedDemo
 * inside its transaction; idempotent (does nothing when the first member exists).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, formatIso, localDateOf } from '../lib/local-date.ts';
import type { Tx } from './client.ts';
import { createCustomer, createMandate } from './factories/customers.ts';
import { createMembership } from './factories/memberships.ts';
import { createPenalty } from './factories/money.ts';
import { clients, customers, membershipTypes, paymentOptions, venues } from './schema.ts';
import { DEMO_NO_SHOW_FEE } from './seed-data.ts';

const DAY_MS = 86_400_000;

/** Members whose memberships the browser tests change, renew, freeze and cancel (password Fieldhouse1!). */
export const MANAGEMENT_MEMBERS = [
  { reference: 'FH100009', firstName: 'Dana', lastName: 'Fox', email: 'dana@fieldhouse.test', number: 9 },
  { reference: 'FH100010', firstName: 'Eli', lastName: 'Grant', email: 'eli@fieldhouse.test', number: 10 },
] as const;

/**
 * Each member: billing day 1 with an active sandbox mandate, one unpaid No-show fee (£3.00), and
 * - Gym & Swim Monthly (active): the freeze target;
 * - Swim Only Monthly (active): the change target (to Student: nothing due; to Gym & Swim: pro-rata due);
 * - Student Monthly (active, no document): the upload target (upload required);
 * - 12 Month Saver (fixed, active, expires in 20 days): the renew target;
 * - Off-Peak Monthly (active): the cancel target (the fee must be paid first).
 */
export async function seedManagement(
  tx: Tx,
  input: { now: Date; passwordHash: string; homeVenueSlug: string },
) {
  const { now } = input;
  const [client] = await tx.select().from(clients).limit(1);
  if (!client) return;
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.clientId, client.id), eq(customers.reference, MANAGEMENT_MEMBERS[0].reference)))
    .limit(1);
  if (existing) return;

  const [home] = await tx
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, client.id), eq(venues.slug, input.homeVenueSlug)));
  if (!home) return;
  for (const member of MANAGEMENT_MEMBERS) {
    await createManagementMember(tx, {
      now,
      clientId: client.id,
      home,
      passwordHash: input.passwordHash,
      person: member,
    });
  }
}

/**
 * A member like Dana Fox: billing day 1 with an active sandbox mandate, the five memberships above and one
 * unpaid No-show fee (£3.00). `person.number` makes the mandate's address and the memberships' references.
 */
export async function createManagementMember(
  tx: Tx,
  input: {
    now: Date;
    clientId: number;
    home: { id: number; timeZone: string };
    passwordHash: string;
    person: { reference: string; firstName: string; lastName: string; email: string; number: number };
  },
) {
  const { now, home, person } = input;
  const typeRows = await tx
    .select({ type: membershipTypes, option: paymentOptions })
    .from(membershipTypes)
    .innerJoin(paymentOptions, eq(paymentOptions.membershipTypeId, membershipTypes.id))
    .where(
      and(
        eq(membershipTypes.clientId, input.clientId),
        inArray(membershipTypes.slug, ['gym-and-swim', 'swim-only', 'student', '12-month-saver', 'off-peak']),
      ),
    );
  const optionOf = (slug: string, paymentType: 'recurring' | 'fixed') =>
    typeRows.find((r) => r.type.slug === slug && r.option.paymentType === paymentType);

  const today = localDateOf(now, home.timeZone);
  const nextFirst = addMonths({ ...today, day: 1 }, 1);
  const saverExpires = addDays(today, 20);
  const plan = [
    { slug: 'gym-and-swim', paymentType: 'recurring', startDaysAgo: 120 },
    { slug: 'swim-only', paymentType: 'recurring', startDaysAgo: 60 },
    { slug: 'student', paymentType: 'recurring', startDaysAgo: 30 },
    { slug: '12-month-saver', paymentType: 'fixed', startDaysAgo: null },
    { slug: 'off-peak', paymentType: 'recurring', startDaysAgo: 90 },
  ] as const;

  const since = new Date(now.getTime() - 150 * DAY_MS);
  const customer = await createCustomer(tx, {
    clientId: input.clientId,
    reference: person.reference,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    passwordHash: input.passwordHash,
    dateOfBirth: '1994-06-18',
    homeVenueId: home.id,
    termsAcceptedAt: since,
    billingDay: 1,
    hasInstruction: true,
    createdAt: since,
  });
  const mandate = await createMandate(tx, {
    customerId: customer.id,
    provider: 'sandbox',
    reference: `SBX-MD-DEMO${person.reference.slice(2)}`,
    accountHolder: `${person.firstName} ${person.lastName}`,
    accountNumberLast4: '4321',
    sortCodeMasked: '40-**-**',
    billingAddressLine1: `${person.number} Kirkstall Road`,
    billingCity: 'Leeds',
    billingPostcode: 'LS3 1LH',
    status: 'active',
    createdAt: since,
    activatedAt: since,
  });
  for (const [i, p] of plan.entries()) {
    const row = optionOf(p.slug, p.paymentType)!;
    const recurring = p.paymentType === 'recurring';
    await createMembership(tx, {
      customerId: customer.id,
      membershipTypeId: row.type.id,
      paymentOptionId: row.option.id,
      homeVenueId: home.id,
      reference: `M-1${String(person.number).padStart(3, '0')}0${i + 1}`,
      status: 'active',
      startDate: recurring
        ? formatIso(addDays(today, -p.startDaysAgo!))
        : formatIso(addMonths(saverExpires, -12)),
      expiresAt: recurring ? null : formatIso(saverExpires),
      nextPaymentDate: recurring ? formatIso(nextFirst) : null,
      price: row.option.baseFee,
      mandateId: recurring ? mandate.id : null,
      createdAt: new Date(now.getTime() - (120 - i) * DAY_MS),
    });
  }
  await createPenalty(tx, {
    customerId: customer.id,
    venueId: home.id,
    ...DEMO_NO_SHOW_FEE,
    status: 'unpaid',
    createdAt: new Date(now.getTime() - 4 * DAY_MS),
  });
  return customer;
}
