/**
 * Factories for what a client sells as membership (types, payment options, benefits, eligibility, freezes) and
 * the memberships customers hold.
 */
import type { DbOrTx } from '../client.ts';
import {
  eligibilityCriteria,
  eligibilityDocumentTypes,
  freezeTypes,
  membershipBenefits,
  membershipPromotions,
  memberships,
  membershipTypes,
  paymentOptions,
} from '../schema.ts';
import { unique } from './unique.ts';

/** A membership type (defaults: named after its slug, Adult, national coverage). */
export async function createMembershipType(
  db: DbOrTx,
  overrides: Partial<typeof membershipTypes.$inferInsert> & { clientId: number },
) {
  const slug = overrides.slug ?? `type-${unique()}`;
  const [row] = await db
    .insert(membershipTypes)
    .values({ slug, name: slug, category: 'Adult', coverage: 'national', ...overrides })
    .returning();
  return row!;
}

/** A payment option (defaults: 'Monthly', recurring, £39.99 a month, £15.00 joining fee). */
export async function createPaymentOption(
  db: DbOrTx,
  overrides: Partial<typeof paymentOptions.$inferInsert> & { membershipTypeId: number },
) {
  const [row] = await db
    .insert(paymentOptions)
    .values({ name: 'Monthly', paymentType: 'recurring', baseFee: 3999, joiningFee: 1500, ...overrides })
    .returning();
  return row!;
}

/** A membership a customer holds (defaults: active since 1 June 2026 at £39.99). */
export async function createMembership(
  db: DbOrTx,
  overrides: Partial<typeof memberships.$inferInsert> & {
    customerId: number;
    membershipTypeId: number;
    paymentOptionId: number;
    homeVenueId: number;
  },
) {
  const [row] = await db
    .insert(memberships)
    .values({
      reference: `M-${unique()}`,
      status: 'active',
      startDate: '2026-06-01',
      price: 3999,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A benefit of a membership type (defaults: 'Free swim', 100% off Aquatics, 8 uses a month). */
export async function createBenefit(
  db: DbOrTx,
  overrides: Partial<typeof membershipBenefits.$inferInsert> & { membershipTypeId: number },
) {
  const [row] = await db
    .insert(membershipBenefits)
    .values({
      name: 'Free swim',
      activityCategory: 'Aquatics',
      discountPercent: 100,
      usesPerPeriod: 8,
      period: 'month',
      ...overrides,
    })
    .returning();
  return row!;
}

/** An active membership whose type carries one benefit (defaults: 'Free swim', 100% on Aquatics, 8 a month). */
export async function createMembershipWithBenefit(
  db: DbOrTx,
  input: {
    clientId: number;
    customerId: number;
    venueId: number;
    benefit?: Partial<typeof membershipBenefits.$inferInsert>;
    status?: 'active' | 'frozen' | 'cancelled';
  },
) {
  const type = await createMembershipType(db, { clientId: input.clientId, name: 'Gym & Swim' });
  const option = await createPaymentOption(db, { membershipTypeId: type.id, joiningFee: 0 });
  const membership = await createMembership(db, {
    customerId: input.customerId,
    membershipTypeId: type.id,
    paymentOptionId: option.id,
    homeVenueId: input.venueId,
    status: input.status ?? 'active',
    startDate: '2026-01-01',
  });
  const benefit = await createBenefit(db, { membershipTypeId: type.id, ...input.benefit });
  return { membership, benefit };
}

/**
 * A Student membership type that members prove with a student ID card, paid monthly (£22.00, no joining fee): the
 * criterion, its one document type, the type and its payment option.
 */
export async function createStudentMembershipType(db: DbOrTx, input: { clientId: number }) {
  const {
    criterion,
    documentTypes: [card],
  } = await createEligibilityCriterion(db, {
    clientId: input.clientId,
    name: 'Student',
    documentTypes: ['Student ID card'],
  });
  const type = await createMembershipType(db, {
    clientId: input.clientId,
    slug: 'student',
    name: 'Student',
    eligibilityCriterionId: criterion.id,
  });
  const option = await createPaymentOption(db, { membershipTypeId: type.id, baseFee: 2200, joiningFee: 0 });
  return { criterion, card: card!, type, option };
}

/** A promotion code for joining (defaults: 10 % off the joining fee and the first payment, any option, no dates). */
export async function createPromotion(
  db: DbOrTx,
  overrides: Partial<typeof membershipPromotions.$inferInsert> & { clientId: number },
) {
  const [row] = await db
    .insert(membershipPromotions)
    .values({ code: `PROMO${unique()}`, kind: 'percent', value: 10, appliesTo: 'both', ...overrides })
    .returning();
  return row!;
}

/** What a membership asks members to prove, with the documents that prove it. */
export async function createEligibilityCriterion(
  db: DbOrTx,
  input: { clientId: number; name: string; documentTypes?: string[] },
) {
  const [criterion] = await db
    .insert(eligibilityCriteria)
    .values({ clientId: input.clientId, name: input.name })
    .returning();
  const documentTypes = input.documentTypes?.length
    ? await db
        .insert(eligibilityDocumentTypes)
        .values(input.documentTypes.map((name) => ({ criterionId: criterion!.id, name })))
        .returning()
    : [];
  return { criterion: criterion!, documentTypes };
}

/** A reason to freeze (defaults: 'Medical', for one month, no fee, no proof). */
export async function createFreezeType(
  db: DbOrTx,
  overrides: Partial<typeof freezeTypes.$inferInsert> & { clientId: number },
) {
  const [row] = await db
    .insert(freezeTypes)
    .values({ reason: 'Medical', timePeriods: [1], ...overrides })
    .returning();
  return row!;
}
