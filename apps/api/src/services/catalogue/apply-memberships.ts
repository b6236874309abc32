/** Writing what the operator sells as membership: eligibility, membership types, freezes, promotions, terms. */
import type { Catalogue } from '@fieldhouse/contract/catalogue/index';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { addDays, startOfDay, toLocalDate } from '../../lib/local-date.ts';
import { syncKeyed } from './sync.ts';

type MembershipType = Catalogue['membership_types'][number];

/** Eligibility criteria and their documents; returns document ids by 'criterion/document'. */
export async function applyEligibility(tx: Tx, clientId: number, list: Catalogue['eligibility'], now: Date) {
  const rows = await tx
    .select()
    .from(s.eligibilityCriteria)
    .where(eq(s.eligibilityCriteria.clientId, clientId))
    .orderBy(asc(s.eligibilityCriteria.id));
  const criteria = await syncKeyed({
    rows: rows.map((r) => ({ ...r, archivedAt: null })),
    items: list,
    storedKey: (r) => r.key,
    name: (r) => r.name,
    insert: async (c) => ({
      ...(
        await tx.insert(s.eligibilityCriteria).values({ clientId, key: c.key, name: c.name }).returning()
      )[0]!,
      archivedAt: null,
    }),
    update: async (r, c) =>
      void (await tx
        .update(s.eligibilityCriteria)
        .set({ key: c.key, name: c.name })
        .where(eq(s.eligibilityCriteria.id, r.id))),
  });
  const documents = new Map<string, number>();
  for (const c of list) {
    const criterionId = criteria.get(c.key)!.id;
    const docs = await tx
      .select()
      .from(s.eligibilityDocumentTypes)
      .where(eq(s.eligibilityDocumentTypes.criterionId, criterionId))
      .orderBy(asc(s.eligibilityDocumentTypes.id));
    const byKey = await syncKeyed({
      rows: docs,
      items: c.documents,
      storedKey: (r) => r.key,
      name: (r) => r.name,
      insert: async (d) =>
        (
          await tx
            .insert(s.eligibilityDocumentTypes)
            .values({ criterionId, key: d.key, name: d.name })
            .returning()
        )[0]!,
      update: async (r, d) =>
        void (await tx
          .update(s.eligibilityDocumentTypes)
          .set({ key: d.key, name: d.name, archivedAt: null })
          .where(eq(s.eligibilityDocumentTypes.id, r.id))),
      archive: async (r) =>
        void (await tx
          .update(s.eligibilityDocumentTypes)
          .set({ archivedAt: now })
          .where(eq(s.eligibilityDocumentTypes.id, r.id))),
    });
    for (const [k, row] of byKey) documents.set(`${c.key}/${k}`, row.id);
  }
  return { criteria: new Map([...criteria].map(([k, r]) => [k, r.id])), documents };
}

/** Membership types with their coverage, payment options, benefits and questions; returns option ids by 'type/option'. */
export async function applyMembershipTypes(
  tx: Tx,
  input: {
    clientId: number;
    types: MembershipType[];
    venueIds: Map<string, number>;
    criterionIds: Map<string, number>;
    now: Date;
  },
) {
  const { clientId, now } = input;
  const rows = await tx
    .select()
    .from(s.membershipTypes)
    .where(eq(s.membershipTypes.clientId, clientId))
    .orderBy(asc(s.membershipTypes.sortOrder), asc(s.membershipTypes.id));
  const values = (t: MembershipType, sortOrder: number) => ({
    clientId,
    slug: t.key,
    name: t.name,
    descriptionHtml: t.description_html,
    category: t.category,
    coverage: t.venues ? ('venues' as const) : ('national' as const),
    eligibilityName: t.eligibility?.name ?? null,
    eligibilityCriterionId: t.eligibility?.criterion
      ? input.criterionIds.get(t.eligibility.criterion)!
      : null,
    sortOrder,
    providesAccessTo: t.provides_access_to,
    vatTreatment: t.vat,
    archivedAt: null,
  });
  const types = await syncKeyed({
    rows,
    items: input.types,
    storedKey: (r) => r.slug,
    name: (r) => r.name,
    insert: async (t, i) => (await tx.insert(s.membershipTypes).values(values(t, i)).returning())[0]!,
    update: async (r, t, i) =>
      void (await tx.update(s.membershipTypes).set(values(t, i)).where(eq(s.membershipTypes.id, r.id))),
    archive: async (r) =>
      void (await tx
        .update(s.membershipTypes)
        .set({ archivedAt: now })
        .where(eq(s.membershipTypes.id, r.id))),
  });
  const options = new Map<string, number>();
  for (const t of input.types) {
    const typeId = types.get(t.key)!.id;
    await tx.delete(s.membershipTypeVenues).where(eq(s.membershipTypeVenues.membershipTypeId, typeId));
    if (t.venues?.length) {
      await tx
        .insert(s.membershipTypeVenues)
        .values(t.venues.map((v) => ({ membershipTypeId: typeId, venueId: input.venueIds.get(v)! })));
    }
    const optionIds = await applyTypeParts(tx, typeId, t, now);
    for (const [k, id] of optionIds) options.set(`${t.key}/${k}`, id);
  }
  return options;
}

async function applyTypeParts(tx: Tx, membershipTypeId: number, t: MembershipType, now: Date) {
  const optionRows = await tx
    .select()
    .from(s.paymentOptions)
    .where(eq(s.paymentOptions.membershipTypeId, membershipTypeId))
    .orderBy(asc(s.paymentOptions.id));
  const optionValues = (o: MembershipType['payment_options'][number]) => ({
    membershipTypeId,
    key: o.key,
    name: o.name,
    paymentType: o.type,
    baseFee: o.base_fee,
    joiningFee: o.joining_fee,
    monthInHand: o.month_in_hand,
    fixedDuration: o.duration?.count ?? null,
    fixedPeriod: o.duration?.period ?? null,
    archivedAt: null,
  });
  const options = await syncKeyed({
    rows: optionRows,
    items: t.payment_options,
    storedKey: (r) => r.key,
    name: (r) => r.name,
    insert: async (o) => (await tx.insert(s.paymentOptions).values(optionValues(o)).returning())[0]!,
    update: async (r, o) =>
      void (await tx.update(s.paymentOptions).set(optionValues(o)).where(eq(s.paymentOptions.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.paymentOptions).set({ archivedAt: now }).where(eq(s.paymentOptions.id, r.id))),
  });
  const benefitRows = await tx
    .select()
    .from(s.membershipBenefits)
    .where(eq(s.membershipBenefits.membershipTypeId, membershipTypeId))
    .orderBy(asc(s.membershipBenefits.id));
  const benefitValues = (b: MembershipType['benefits'][number]) => ({
    membershipTypeId,
    key: b.key,
    kind: b.kind,
    name: b.name,
    description: b.description,
    activityCategory: b.activity_category,
    discountPercent: b.discount_percent,
    usesPerPeriod: b.uses,
    period: b.per,
    archivedAt: null,
  });
  await syncKeyed({
    rows: benefitRows,
    items: t.benefits,
    storedKey: (r) => r.key,
    name: (r) => r.name,
    insert: async (b) => (await tx.insert(s.membershipBenefits).values(benefitValues(b)).returning())[0]!,
    update: async (r, b) =>
      void (await tx
        .update(s.membershipBenefits)
        .set(benefitValues(b))
        .where(eq(s.membershipBenefits.id, r.id))),
    archive: async (r) =>
      void (await tx
        .update(s.membershipBenefits)
        .set({ archivedAt: now })
        .where(eq(s.membershipBenefits.id, r.id))),
  });
  const questionRows = await tx
    .select()
    .from(s.customQuestions)
    .where(eq(s.customQuestions.membershipTypeId, membershipTypeId))
    .orderBy(asc(s.customQuestions.sortOrder), asc(s.customQuestions.id));
  const questionValues = (q: MembershipType['questions'][number], sortOrder: number) => ({
    membershipTypeId,
    reference: q.key,
    label: q.label,
    type: q.type,
    options: q.options,
    placeholder: q.placeholder,
    isRequired: q.required,
    defaultValue: q.default,
    sortOrder,
    archivedAt: null,
  });
  await syncKeyed({
    rows: questionRows,
    items: t.questions,
    storedKey: (r) => r.reference,
    name: (r) => r.reference,
    insert: async (q, i) => (await tx.insert(s.customQuestions).values(questionValues(q, i)).returning())[0]!,
    update: async (r, q, i) =>
      void (await tx
        .update(s.customQuestions)
        .set(questionValues(q, i))
        .where(eq(s.customQuestions.id, r.id))),
    archive: async (r) =>
      void (await tx
        .update(s.customQuestions)
        .set({ archivedAt: now })
        .where(eq(s.customQuestions.id, r.id))),
  });
  return new Map([...options].map(([k, r]) => [k, r.id]));
}

export async function applyPolicies(
  tx: Tx,
  input: {
    clientId: number;
    catalogue: Catalogue;
    documentIds: Map<string, number>;
    optionIds: Map<string, number>;
    now: Date;
  },
) {
  const { clientId, catalogue: c, now } = input;
  const zone = c.client.time_zone;
  const freezeRows = await tx
    .select()
    .from(s.freezeTypes)
    .where(eq(s.freezeTypes.clientId, clientId))
    .orderBy(asc(s.freezeTypes.sortOrder), asc(s.freezeTypes.id));
  const freezeValues = (f: Catalogue['freeze_types'][number], sortOrder: number) => ({
    clientId,
    key: f.key,
    reason: f.reason,
    timePeriods: f.months,
    monthlyFee: f.monthly_fee,
    proofDocumentTypeId: f.proof ? input.documentIds.get(`${f.proof.criterion}/${f.proof.document}`)! : null,
    proofDescription: f.proof?.description ?? null,
    sortOrder,
    archivedAt: null,
  });
  await syncKeyed({
    rows: freezeRows,
    items: c.freeze_types,
    storedKey: (r) => r.key,
    name: (r) => r.reason,
    insert: async (f, i) => (await tx.insert(s.freezeTypes).values(freezeValues(f, i)).returning())[0]!,
    update: async (r, f, i) =>
      void (await tx.update(s.freezeTypes).set(freezeValues(f, i)).where(eq(s.freezeTypes.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.freezeTypes).set({ archivedAt: now }).where(eq(s.freezeTypes.id, r.id))),
  });

  const promotionRows = await tx
    .select()
    .from(s.membershipPromotions)
    .where(eq(s.membershipPromotions.clientId, clientId))
    .orderBy(asc(s.membershipPromotions.id));
  const promotionValues = (p: Catalogue['promotions'][number]) => ({
    clientId,
    key: p.key,
    code: p.code,
    paymentOptionId: p.payment_option
      ? input.optionIds.get(`${p.payment_option.membership_type}/${p.payment_option.option}`)!
      : null,
    kind: p.kind,
    value: p.value,
    appliesTo: p.applies_to,
    validFrom: p.valid_from ? startOfDay(toLocalDate(p.valid_from), zone) : null,
    // Stored exclusive: the start of the day after the last day.
    validTo: p.valid_until ? startOfDay(addDays(toLocalDate(p.valid_until), 1), zone) : null,
    archivedAt: null,
  });
  await syncKeyed({
    rows: promotionRows,
    items: c.promotions,
    storedKey: (r) => r.key,
    name: (r) => r.code,
    insert: async (p) => (await tx.insert(s.membershipPromotions).values(promotionValues(p)).returning())[0]!,
    update: async (r, p) =>
      void (await tx
        .update(s.membershipPromotions)
        .set(promotionValues(p))
        .where(eq(s.membershipPromotions.id, r.id))),
    archive: async (r) =>
      void (await tx
        .update(s.membershipPromotions)
        .set({ archivedAt: now })
        .where(eq(s.membershipPromotions.id, r.id))),
  });

  const termsRows = await tx
    .select()
    .from(s.terms)
    .where(eq(s.terms.clientId, clientId))
    .orderBy(asc(s.terms.sortOrder), asc(s.terms.id));
  const termsValues = (t: Catalogue['terms'][number], sortOrder: number) => ({
    clientId,
    key: t.key,
    kind: t.kind,
    title: t.title,
    html: t.html,
    sortOrder,
    archivedAt: null,
  });
  await syncKeyed({
    rows: termsRows,
    items: c.terms,
    storedKey: (r) => r.key,
    name: (r) => `${r.kind}-${r.title}`,
    insert: async (t, i) => (await tx.insert(s.terms).values(termsValues(t, i)).returning())[0]!,
    update: async (r, t, i) =>
      void (await tx.update(s.terms).set(termsValues(t, i)).where(eq(s.terms.id, r.id))),
    archive: async (r) =>
      void (await tx.update(s.terms).set({ archivedAt: now }).where(eq(s.terms.id, r.id))),
  });
}
