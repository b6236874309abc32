/** Membership types with their payment options, benefits and questions as the catalogue writes them. */
import type { CatalogueMembershipType } from '@fieldhouse/contract/catalogue/index';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { keysFor } from './keys.ts';

export async function readMembershipTypes(
  db: DbOrTx,
  clientId: number,
  venueKey: Map<number, string>,
  criterionKey: Map<number, string>,
) {
  const typeRows = (
    await db
      .select()
      .from(s.membershipTypes)
      .where(eq(s.membershipTypes.clientId, clientId))
      .orderBy(asc(s.membershipTypes.sortOrder), asc(s.membershipTypes.id))
  ).filter((t) => !t.archivedAt);
  const optionKey = new Map<number, { membership_type: string; option: string }>();
  if (!typeRows.length) return { membershipTypes: [] as CatalogueMembershipType[], optionKey };
  const ids = typeRows.map((t) => t.id);
  // One query after another: inside a transaction they share one connection.
  const options = await db
    .select()
    .from(s.paymentOptions)
    .where(inArray(s.paymentOptions.membershipTypeId, ids))
    .orderBy(asc(s.paymentOptions.id));
  const benefits = await db
    .select()
    .from(s.membershipBenefits)
    .where(inArray(s.membershipBenefits.membershipTypeId, ids))
    .orderBy(asc(s.membershipBenefits.id));
  const questions = await db
    .select()
    .from(s.customQuestions)
    .where(inArray(s.customQuestions.membershipTypeId, ids))
    .orderBy(asc(s.customQuestions.sortOrder), asc(s.customQuestions.id));
  const coverage = await db
    .select()
    .from(s.membershipTypeVenues)
    .where(inArray(s.membershipTypeVenues.membershipTypeId, ids));

  const membershipTypes = typeRows.map((t): CatalogueMembershipType => {
    const own = options.filter((o) => o.membershipTypeId === t.id && !o.archivedAt);
    const optionKeys = keysFor(
      own,
      (o) => o.key,
      (o) => o.name,
    );
    for (const [i, o] of own.entries())
      optionKey.set(o.id, { membership_type: t.slug, option: optionKeys[i]! });
    const ownBenefits = benefits.filter((b) => b.membershipTypeId === t.id && !b.archivedAt);
    const benefitKeys = keysFor(
      ownBenefits,
      (b) => b.key,
      (b) => b.name,
    );
    const venues = coverage
      .filter((c) => c.membershipTypeId === t.id)
      .map((c) => venueKey.get(c.venueId))
      .filter((k): k is string => !!k)
      .sort();
    return {
      key: t.slug,
      name: t.name,
      description_html: t.descriptionHtml,
      category: t.category,
      venues: t.coverage === 'venues' ? venues : null,
      eligibility: t.eligibilityName
        ? {
            name: t.eligibilityName,
            criterion: t.eligibilityCriterionId ? (criterionKey.get(t.eligibilityCriterionId) ?? null) : null,
          }
        : null,
      provides_access_to: t.providesAccessTo,
      payment_options: own.map((o, i) => ({
        key: optionKeys[i]!,
        name: o.name,
        type: o.paymentType,
        base_fee: o.baseFee,
        joining_fee: o.joiningFee,
        month_in_hand: o.monthInHand,
        duration: o.fixedDuration && o.fixedPeriod ? { count: o.fixedDuration, period: o.fixedPeriod } : null,
      })),
      benefits: ownBenefits.map((b, i) => ({
        key: benefitKeys[i]!,
        kind: b.kind,
        name: b.name,
        description: b.description,
        activity_category: b.activityCategory,
        discount_percent: b.discountPercent,
        uses: b.usesPerPeriod,
        per: b.period,
      })),
      questions: questions
        .filter((q) => q.membershipTypeId === t.id && !q.archivedAt)
        .map((q) => ({
          key: q.reference,
          label: q.label,
          type: q.type,
          options: q.options,
          placeholder: q.placeholder,
          required: q.isRequired,
          default: q.defaultValue,
        })),
      vat: t.vatTreatment,
    };
  });
  return { membershipTypes, optionKey };
}
