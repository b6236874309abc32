/**
 * Demo data for managing memberships (account-shell §4 Memberships): eligibility criteria and document types,
 * freeze types, the cancellation notice period, and two members for the browser tests. Called by seedDemo inside
 * its transaction; idempotent (does nothing when the client already has eligibility criteria).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, addMonths, formatIso, localDateOf } from '../lib/local-date.ts';
import type { Tx } from './client.ts';
import { createCustomer, createMandate } from './factories/customers.ts';
import { createMembership } from './factories/memberships.ts';
import { createPenalty } from './factories/money.ts';
import {
  clients,
  eligibilityCriteria,
  eligibilityDocumentTypes,
  freezeTypes,
  membershipTypes,
  paymentOptions,
  venues,
} from './schema.ts';
import { DEMO_NO_SHOW_FEE } from './seed-data.ts';

const DAY_MS = 86_400_000;

/** Members whose memberships the browser tests change, renew, freeze and cancel (password Fieldhouse1!). */
export const MANAGEMENT_MEMBERS = [
  { reference: 'FH100009', firstName: 'Dana', lastName: 'Fox', email: 'dana@fieldhouse.test', number: 9 },
  { reference: 'FH100010', firstName: 'Eli', lastName: 'Grant', email: 'eli@fieldhouse.test', number: 10 },
] as const;

export const STUDENT_CRITERION = {
  name: 'Full-time student',
  documentTypes: ['Student ID card', 'Acceptance letter'],
};
/** Freeze proof is an eligibility document type too (under its own criterion, not offered on any membership). */
const FREEZE_PROOF_CRITERION = 'Freeze evidence';
export const DEMO_FREEZE_TYPES = [
  { reason: 'Medical', timePeriods: [1, 2, 3], monthlyFee: 0, proof: "Doctor's note" },
  { reason: 'Holiday', timePeriods: [1], monthlyFee: 500, proof: null },
  { reason: 'Pregnancy', timePeriods: [1, 2, 3, 4, 5, 6], monthlyFee: 0, proof: 'MAT B1 certificate' },
] as const;
export const CANCELLATION_NOTICE_DAYS = 30;

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
    .select({ id: eligibilityCriteria.id })
    .from(eligibilityCriteria)
    .where(eq(eligibilityCriteria.clientId, client.id))
    .limit(1);
  if (existing) return;

  await tx
    .update(clients)
    .set({ cancellationNoticeDays: CANCELLATION_NOTICE_DAYS })
    .where(eq(clients.id, client.id));

  const [student, freezeEvidence] = await tx
    .insert(eligibilityCriteria)
    .values([
      { clientId: client.id, name: STUDENT_CRITERION.name },
      { clientId: client.id, name: FREEZE_PROOF_CRITERION },
    ])
    .returning();
  await tx
    .insert(eligibilityDocumentTypes)
    .values(STUDENT_CRITERION.documentTypes.map((name) => ({ criterionId: student!.id, name })));
  const proofTypes = await tx
    .insert(eligibilityDocumentTypes)
    .values(
      DEMO_FREEZE_TYPES.flatMap((f) => (f.proof ? [{ criterionId: freezeEvidence!.id, name: f.proof }] : [])),
    )
    .returning();
  await tx
    .update(membershipTypes)
    .set({ eligibilityCriterionId: student!.id })
    .where(
      and(
        eq(membershipTypes.clientId, client.id),
        eq(membershipTypes.eligibilityName, STUDENT_CRITERION.name),
      ),
    );
  await tx.insert(freezeTypes).values(
    DEMO_FREEZE_TYPES.map((f, i) => {
      const proof = f.proof ? proofTypes.find((p) => p.name === f.proof)! : null;
      return {
        clientId: client.id,
        reason: f.reason,
        timePeriods: [...f.timePeriods],
        monthlyFee: f.monthlyFee,
        proofDocumentTypeId: proof?.id ?? null,
        proofDescription: proof
          ? `Please upload a ${proof.name.replace(/^Doctor/, 'doctor')} as proof.`
          : null,
        sortOrder: i,
      };
    }),
  );

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
