/**
 * The demo operator: the client, its venues, what it sells as membership (types, payment options, questions,
 * promotion codes, benefits) and its terms.
 */
import type { Tx } from '../client.ts';
import { createBenefit, createMembershipType, createPaymentOption } from '../factories/memberships.ts';
import { createClient, createTerms, createVenue } from '../factories/organisation.ts';
import {
  customQuestions,
  membershipPromotions,
  type membershipTypes,
  membershipTypeVenues,
  type paymentOptions,
} from '../schema.ts';
import {
  DEMO_CHECKOUT_TERMS,
  DEMO_CLIENT_CONTACT,
  DEMO_FOOTER_HTML,
  DEMO_THEME,
  DEMO_VENUES,
  OVERRIDE_FOOTER_HTML,
  OVERRIDE_THEME,
  OVERRIDE_VENUE_SLUG,
} from '../seed-data.ts';
import {
  DEMO_BENEFITS,
  DEMO_CUSTOM_QUESTIONS,
  DEMO_JOINING_TERMS,
  DEMO_MEMBERSHIP_PROMOTIONS,
  DEMO_MEMBERSHIP_TYPES,
} from '../seed-data-memberships.ts';

const DAY_MS = 86_400_000;

/** The client and its venues (every third allows memberships the member is not eligible for). */
export async function seedClientAndVenues(tx: Tx) {
  const client = await createClient(tx, {
    slug: 'fieldhouse-leisure',
    name: 'Fieldhouse Leisure',
    opGtmId: null,
    features: {
      online_joining: true,
      online_joining_map: true,
      online_guest_passes: true,
      credits: true,
      activities_v2: true,
      profile_photo: true,
    },
    kioskHomeUrl: null,
    supportEmail: 'hello@fieldhouse.test',
    theme: DEMO_THEME,
    footerHtml: DEMO_FOOTER_HTML,
    ...DEMO_CLIENT_CONTACT,
  });
  const venues = [];
  for (const [i, v] of DEMO_VENUES.entries()) {
    const isOverride = v.slug === OVERRIDE_VENUE_SLUG;
    venues.push(
      await createVenue(tx, {
        clientId: client.id,
        slug: v.slug,
        name: v.name,
        address1: v.address1,
        address2: v.address2,
        town: v.town,
        postcode: v.postcode,
        lat: v.lat,
        lng: v.lng,
        themeOverrides: isOverride ? OVERRIDE_THEME : {},
        footerHtml: isOverride ? OVERRIDE_FOOTER_HTML : null,
        allowIneligibleMemberships: i % 3 === 0,
      }),
    );
  }
  return { client, venues };
}

/**
 * Membership types with their payment options, joining questions and promotion codes; 'venues' coverage types
 * are good at the first eight venues. Then the benefits of the types.
 */
export async function seedMembershipTypes(
  tx: Tx,
  input: { clientId: number; venueIds: number[]; now: Date },
) {
  const { clientId, now } = input;
  const types: (typeof membershipTypes.$inferSelect)[] = [];
  for (const [i, t] of DEMO_MEMBERSHIP_TYPES.entries()) {
    types.push(
      await createMembershipType(tx, {
        clientId,
        slug: t.slug,
        name: t.name,
        descriptionHtml: t.descriptionHtml,
        category: t.category,
        coverage: t.coverage,
        eligibilityName: t.eligibilityName,
        providesAccessTo: t.providesAccessTo,
        sortOrder: i,
      }),
    );
  }
  const typeOf = (slug: string) => types.find((t) => t.slug === slug)!;
  const options: (typeof paymentOptions.$inferSelect)[] = [];
  for (const [i, t] of DEMO_MEMBERSHIP_TYPES.entries()) {
    for (const o of t.options) {
      options.push(
        await createPaymentOption(tx, {
          membershipTypeId: types[i]!.id,
          name: o.name,
          paymentType: o.paymentType,
          baseFee: o.baseFee,
          joiningFee: o.joiningFee,
          fixedDuration: o.fixedDuration ?? null,
          fixedPeriod: o.fixedPeriod ?? null,
          monthInHand: o.monthInHand ?? false,
        }),
      );
    }
  }
  await tx.insert(customQuestions).values(
    DEMO_CUSTOM_QUESTIONS.map((q, i) => ({
      membershipTypeId: typeOf(q.membershipTypeSlug).id,
      reference: q.reference,
      label: q.label,
      type: q.type,
      options: q.options ?? [],
      placeholder: q.placeholder ?? null,
      isRequired: q.isRequired ?? false,
      defaultValue: q.defaultValue ?? null,
      sortOrder: i,
    })),
  );
  const daysOn = (days: number | undefined) =>
    days === undefined ? null : new Date(now.getTime() + days * DAY_MS);
  await tx.insert(membershipPromotions).values(
    DEMO_MEMBERSHIP_PROMOTIONS.map((p) => {
      const type = p.option ? typeOf(p.option.membershipTypeSlug) : null;
      const option = type
        ? options.find((o) => o.membershipTypeId === type.id && o.name === p.option!.name)!
        : null;
      return {
        clientId,
        code: p.code,
        paymentOptionId: option?.id ?? null,
        kind: p.kind,
        value: p.value,
        appliesTo: p.appliesTo,
        validFrom: daysOn(p.validFromDays),
        validTo: daysOn(p.validToDays),
      };
    }),
  );
  const venueTypes = types.filter((t) => t.coverage === 'venues');
  if (venueTypes.length) {
    await tx
      .insert(membershipTypeVenues)
      .values(
        venueTypes.flatMap((t) =>
          input.venueIds.slice(0, 8).map((venueId) => ({ membershipTypeId: t.id, venueId })),
        ),
      );
  }
  const benefits = [];
  for (const b of DEMO_BENEFITS) {
    benefits.push(
      await createBenefit(tx, {
        membershipTypeId: typeOf(b.membershipTypeSlug).id,
        kind: b.kind ?? 'activity',
        name: b.name,
        description: b.description,
        activityCategory: b.activityCategory,
        discountPercent: b.discountPercent,
        usesPerPeriod: b.usesPerPeriod,
        period: b.period,
      }),
    );
  }
  return { types, options, benefits };
}

/** The checkout's booking terms and the joining journey's terms. */
export async function seedTerms(tx: Tx, clientId: number) {
  await createTerms(tx, { clientId, kind: 'checkout', ...DEMO_CHECKOUT_TERMS });
  for (const [i, t] of DEMO_JOINING_TERMS.entries()) await createTerms(tx, { clientId, ...t, sortOrder: i });
}
