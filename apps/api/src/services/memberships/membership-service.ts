import {
  type Costs,
  type IsPurchasable,
  JOINING_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  type Membership,
  type PaymentOption,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  customers,
  type JoinCostsSnapshot,
  membershipBenefits,
  membershipPromotions,
  memberships,
  membershipTypes,
  membershipTypeVenues,
  paymentOptions,
  venues,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import {
  compareDates,
  DEFAULT_TIME_ZONE,
  formatIso,
  type LocalDate,
  localDateOf,
  parseLocalDate,
  prettyDate,
} from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { sanitiseHtml } from '../../lib/sanitise-html.ts';
import {
  type CostBreakdown,
  computeCosts,
  IncalculablePriceError,
  type Promotion,
  startDateWindow,
} from './pricing.ts';

type TypeRow = typeof membershipTypes.$inferSelect;
type OptionRow = typeof paymentOptions.$inferSelect;
type PromotionRow = typeof membershipPromotions.$inferSelect;

/** The caller, when logged in: what eligibility and billing need. */
export type JoiningCaller = { dateOfBirth: string | null; billingDay: number | null } | null;

export const JUNIOR_CATEGORY = 'Junior';
export const JUNIOR_MAX_AGE = 17;

export async function findJoiningCaller(db: DbOrTx, customerId: number | undefined): Promise<JoiningCaller> {
  if (!customerId) return null;
  const [row] = await db
    .select({ dateOfBirth: customers.dateOfBirth, billingDay: customers.billingDay })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** Whole years from date of birth to `today`. */
export function ageOn(dateOfBirth: LocalDate, today: LocalDate) {
  const hadBirthday =
    today.month > dateOfBirth.month || (today.month === dateOfBirth.month && today.day >= dateOfBirth.day);
  return today.year - dateOfBirth.year - (hadBirthday ? 0 : 1);
}

/**
 * Whether the caller may buy a membership type. Anonymous callers see prices and may choose (the check runs again
 * once they have an account). Junior: under 18 by date of birth. Any other eligibility (e.g. 'Full-time student')
 * needs a document later: purchasable, with a note.
 */
export function purchasability(type: TypeRow, caller: JoiningCaller, today: LocalDate): IsPurchasable {
  const note =
    type.eligibilityName && type.category !== JUNIOR_CATEGORY ? JOINING_TEXTS.documentRequired : null;
  if (type.category === JUNIOR_CATEGORY && caller) {
    const dob = caller.dateOfBirth ? parseLocalDate(caller.dateOfBirth) : null;
    if (!dob || ageOn(dob, today) > JUNIOR_MAX_AGE)
      return { can_purchase: false, has_prices: false, message: JOINING_TEXTS.notEligible };
  }
  return { can_purchase: true, has_prices: true, message: note };
}

export async function venueOf(db: DbOrTx, clientId: number, venueId: number) {
  const [venue] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, clientId)));
  if (!venue) throw notFound();
  return venue;
}

/** Membership types on sale at a venue: national ones and those listing the venue. */
export async function typesAtVenue(db: DbOrTx, clientId: number, venueId: number) {
  const listed = db
    .select({ id: membershipTypeVenues.membershipTypeId })
    .from(membershipTypeVenues)
    .where(eq(membershipTypeVenues.venueId, venueId));
  return db
    .select()
    .from(membershipTypes)
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        or(eq(membershipTypes.coverage, 'national'), inArray(membershipTypes.id, listed)),
      ),
    )
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id));
}

const toOptionWire = (
  option: OptionRow,
  purchasable: IsPurchasable,
  today: LocalDate,
  caller: JoiningCaller,
): PaymentOption => {
  // The list's "pay now" figure: a start today on the member's own billing day (else the 1st), no promotion.
  // A stored billing day the costs call cannot price (outside 1–28) answers 'Could not calculate price.' there;
  // the list still shows the figure for the 1st.
  const ownDay = caller?.billingDay;
  const listDay = ownDay != null && ownDay >= 1 && ownDay <= 28 ? ownDay : 1;
  const costs = computeCosts({
    option,
    startDate: today,
    billingDay: option.paymentType === 'recurring' ? listDay : null,
    promotion: null,
  });
  return {
    id: option.id,
    name: option.name,
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    fees: { base_fee: toMoney(option.baseFee), joining_fee: toMoney(option.joiningFee) },
    global_base_price: toMoney(option.baseFee),
    total_to_pay_now: toMoney(costs.totalToPayNow),
    is_purchasable: purchasable,
  };
};

/** The statuses of a live membership: a second one of the same type is refused on submit. */
const LIVE_STATUSES = ['pending', 'active', 'frozen'] as const;

/** The membership types the customer already holds (live and paid for, or pending their start). */
export async function heldMembershipTypeIds(db: DbOrTx, customerId: number, typeIds: number[]) {
  if (!typeIds.length) return new Set<number>();
  const rows = await db
    .selectDistinct({ typeId: memberships.membershipTypeId })
    .from(memberships)
    .where(
      and(
        eq(memberships.customerId, customerId),
        inArray(memberships.membershipTypeId, typeIds),
        eq(memberships.awaitingPayment, false),
        inArray(memberships.status, [...LIVE_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.typeId));
}

/** A membership the caller already holds: shown, not purchasable, with the reason up front. */
const ALREADY_HELD: IsPurchasable = {
  can_purchase: false,
  has_prices: true,
  message: MEMBERSHIP_PURCHASE_TEXTS.alreadyMember,
};

export async function listMembershipTypes(
  db: DbOrTx,
  input: {
    clientId: number;
    venueId: number;
    caller: JoiningCaller;
    now: Date;
    includeIneligible: boolean;
    /** Joining: the logged-in customer, whose live memberships are marked 'You already have this membership.' */
    customerId?: number;
  },
): Promise<Membership[]> {
  const venue = await venueOf(db, input.clientId, input.venueId);
  const today = localDateOf(input.now, venue.timeZone || DEFAULT_TIME_ZONE);
  const types = await typesAtVenue(db, input.clientId, venue.id);
  if (!types.length) return [];
  const ids = types.map((t) => t.id);
  const [options, benefits, coverage] = await Promise.all([
    db
      .select()
      .from(paymentOptions)
      .where(inArray(paymentOptions.membershipTypeId, ids))
      .orderBy(asc(paymentOptions.id)),
    db
      .select()
      .from(membershipBenefits)
      .where(inArray(membershipBenefits.membershipTypeId, ids))
      .orderBy(asc(membershipBenefits.id)),
    db
      .select({
        typeId: membershipTypeVenues.membershipTypeId,
        id: venues.id,
        slug: venues.slug,
        name: venues.name,
      })
      .from(membershipTypeVenues)
      .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
      .where(inArray(membershipTypeVenues.membershipTypeId, ids))
      .orderBy(asc(venues.name)),
  ]);
  const showIneligible = input.includeIneligible && venue.allowIneligibleMemberships;
  const held = input.customerId ? await heldMembershipTypeIds(db, input.customerId, ids) : new Set<number>();
  const result: Membership[] = [];
  for (const type of types) {
    const eligible = purchasability(type, input.caller, today);
    const purchasable = held.has(type.id) && eligible.has_prices ? ALREADY_HELD : eligible;
    if (!purchasable.has_prices && !showIneligible) continue;
    result.push({
      id: type.id,
      slug: type.slug,
      name: type.name,
      categories: [{ name: type.category }],
      coverage:
        type.coverage === 'national'
          ? 'national'
          : coverage.filter((c) => c.typeId === type.id).map(({ id, slug, name }) => ({ id, slug, name })),
      eligibility: type.eligibilityName ? { name: type.eligibilityName } : null,
      description: sanitiseHtml(type.descriptionHtml),
      provides_access_to: type.providesAccessTo.map((name) => ({ name })),
      benefits: benefits
        .filter((b) => b.membershipTypeId === type.id)
        .map((b) => ({
          name: b.name,
          total_uses: b.usesPerPeriod,
          frequency: b.period,
          description: b.description,
        })),
      payment_options: options
        .filter((o) => o.membershipTypeId === type.id)
        .map((o) => toOptionWire(o, purchasable, today, input.caller)),
    });
  }
  return result;
}

/** Promotions of the client that are good now for a payment option (its own, or every option's). */
function usablePromotion(clientId: number, optionId: number, now: Date) {
  return and(
    eq(membershipPromotions.clientId, clientId),
    or(isNull(membershipPromotions.paymentOptionId), eq(membershipPromotions.paymentOptionId, optionId)),
    or(
      isNull(membershipPromotions.validFrom),
      sql`${membershipPromotions.validFrom} <= ${now.toISOString()}`,
    ),
    or(isNull(membershipPromotions.validTo), sql`${membershipPromotions.validTo} > ${now.toISOString()}`),
  );
}

const promoNotRecognised = (field: string) =>
  new HttpError(422, JOINING_TEXTS.promoNotRecognised, { [field]: [JOINING_TEXTS.promoNotRecognised] });

export async function optionOfClient(db: DbOrTx, clientId: number, optionId: number) {
  const [row] = await db
    .select({ option: paymentOptions, type: membershipTypes })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(and(eq(paymentOptions.id, optionId), eq(membershipTypes.clientId, clientId)));
  return row ?? null;
}

/** Validates a promotion code for a payment option: { code, id }, or 422 'Code not recognised'. */
export async function validatePromotionCode(
  db: DbOrTx,
  input: { clientId: number; code: string; paymentOptionId: number; now: Date },
) {
  const found = await optionOfClient(db, input.clientId, input.paymentOptionId);
  if (!found) throw promoNotRecognised('promotion_code');
  const [promo] = await db
    .select()
    .from(membershipPromotions)
    .where(
      and(
        usablePromotion(input.clientId, input.paymentOptionId, input.now),
        sql`upper(${membershipPromotions.code}) = upper(${input.code.trim()})`,
      ),
    )
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  if (!promo) throw promoNotRecognised('promotion_code');
  return { code: promo.code, id: promo.id };
}

const toPromotion = (p: PromotionRow): Promotion => ({
  kind: p.kind,
  value: p.value,
  appliesTo: p.appliesTo,
});

export type ResolvedCosts = {
  startDate: LocalDate;
  billingDay: number | null;
  /** The member keeps the billing day they already have. */
  usualDate: boolean;
  promotion: PromotionRow | null;
  breakdown: CostBreakdown;
};

/**
 * Checks the costs inputs against the option and prices them. Field errors (not thrown, so a submission can add
 * its own): start_date (invalid, in the past, more than a month ahead, venue-local), billing_day (recurring without
 * one, or outside 1–28; ignored when the member already has one), promotion_code_id (not good now for the option).
 */
export async function resolveJoinCosts(
  db: DbOrTx,
  input: {
    clientId: number;
    option: OptionRow;
    today: LocalDate;
    startDate?: string;
    billingDay?: string;
    promotionCodeId?: number;
    caller: JoiningCaller;
    now: Date;
  },
): Promise<{ errors: Record<string, string[]>; resolved: ResolvedCosts | null }> {
  const { option, today } = input;
  const errors: Record<string, string[]> = {};

  let startDate = today;
  if (input.startDate) {
    const parsed = parseLocalDate(input.startDate);
    const window = startDateWindow(today);
    if (!parsed) errors.start_date = [JOINING_TEXTS.startDateInvalid];
    else if (compareDates(parsed, window.min) < 0) errors.start_date = [JOINING_TEXTS.startDateInPast];
    else if (compareDates(parsed, window.max) > 0) errors.start_date = [JOINING_TEXTS.startDateTooLate];
    else startDate = parsed;
  }

  let billingDay: number | null = null;
  const usualDate = option.paymentType === 'recurring' && input.caller?.billingDay != null;
  if (option.paymentType === 'recurring') {
    if (usualDate) billingDay = input.caller!.billingDay;
    else if (input.billingDay === undefined || input.billingDay === '')
      errors.billing_day = [JOINING_TEXTS.billingDayRequired];
    else {
      const day = /^\d{1,2}$/.test(input.billingDay) ? Number(input.billingDay) : Number.NaN;
      if (!(day >= 1 && day <= 28)) errors.billing_day = [JOINING_TEXTS.billingDayInvalid];
      else billingDay = day;
    }
  }

  let promotion: PromotionRow | null = null;
  if (input.promotionCodeId !== undefined) {
    const [promo] = await db
      .select()
      .from(membershipPromotions)
      .where(
        and(
          eq(membershipPromotions.id, input.promotionCodeId),
          usablePromotion(input.clientId, option.id, input.now),
        ),
      );
    if (!promo) errors.promotion_code_id = [JOINING_TEXTS.promoNotRecognised];
    else promotion = promo;
  }
  if (Object.keys(errors).length) return { errors, resolved: null };
  let breakdown: CostBreakdown;
  try {
    breakdown = computeCosts({
      option,
      startDate,
      billingDay,
      promotion: promotion ? toPromotion(promotion) : null,
    });
  } catch (error) {
    if (!(error instanceof IncalculablePriceError)) throw error;
    return { errors: { incalculable_price: [JOINING_TEXTS.incalculablePrice] }, resolved: null };
  }
  return { errors, resolved: { startDate, billingDay, usualDate, promotion, breakdown } };
}

/** Finds a promotion code (case-insensitive) good now for the option; null when there is none. */
export async function findUsablePromotionByCode(
  db: DbOrTx,
  input: { clientId: number; code: string; paymentOptionId: number; now: Date },
) {
  const [promo] = await db
    .select({ id: membershipPromotions.id })
    .from(membershipPromotions)
    .where(
      and(
        usablePromotion(input.clientId, input.paymentOptionId, input.now),
        sql`upper(${membershipPromotions.code}) = upper(${input.code.trim()})`,
      ),
    )
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  return promo ?? null;
}

/** The costs snapshot a submitted membership keeps. */
export const toCostsSnapshot = (r: ResolvedCosts): JoinCostsSnapshot => ({
  joiningFee: r.breakdown.joiningFee,
  baseFee: r.breakdown.baseFee,
  proRataFee: r.breakdown.proRataFee,
  proRataDays: r.breakdown.proRataDays,
  monthInHandFee: r.breakdown.monthInHandFee,
  discount: r.breakdown.discount,
  totalToPayNow: r.breakdown.totalToPayNow,
  firstBillingDate: r.breakdown.firstBillingDate ? formatIso(r.breakdown.firstBillingDate) : null,
  billingDay: r.billingDay,
  usualPaymentDate: r.usualDate,
});

/** 422 keyed membership_type_id when the caller may not buy the type (e.g. Junior for an adult). */
export function checkPurchasable(type: TypeRow, caller: JoiningCaller, today: LocalDate) {
  const purchasable = purchasability(type, caller, today);
  if (!purchasable.can_purchase) {
    const message = purchasable.message ?? JOINING_TEXTS.notEligible;
    throw new HttpError(422, message, { membership_type_id: [message] });
  }
}

/**
 * Costs of joining on a payment option (spec §3 Costs). 422 field errors: membership_type_id (the caller may not
 * buy it), start_date, billing_day, promotion_code_id (see resolveJoinCosts). promotion_enabled is per option.
 */
export async function quoteCosts(
  db: DbOrTx,
  input: {
    clientId: number;
    clientTimeZone: string;
    typeId: number;
    optionId: number;
    venueId?: number;
    startDate?: string;
    billingDay?: string;
    promotionCodeId?: number;
    caller: JoiningCaller;
    now: Date;
  },
): Promise<Costs> {
  const found = await optionOfClient(db, input.clientId, input.optionId);
  if (!found || found.type.id !== input.typeId) throw notFound();
  const { option } = found;
  let timeZone = input.clientTimeZone || DEFAULT_TIME_ZONE;
  if (input.venueId !== undefined) {
    const venue = await venueOf(db, input.clientId, input.venueId);
    const onSale = await typesAtVenue(db, input.clientId, venue.id);
    if (!onSale.some((t) => t.id === input.typeId)) throw notFound();
    timeZone = venue.timeZone || timeZone;
  }
  const today = localDateOf(input.now, timeZone);
  checkPurchasable(found.type, input.caller, today);
  const { errors, resolved } = await resolveJoinCosts(db, { ...input, option, today });
  const fields = Object.keys(errors);
  if (fields.length || !resolved) throw new HttpError(422, errors[fields[0]!]![0]!, errors);

  const [anyPromotion] = await db
    .select({ id: membershipPromotions.id })
    .from(membershipPromotions)
    .where(usablePromotion(input.clientId, option.id, input.now))
    .limit(1);

  const c = resolved.breakdown;
  return {
    total_to_pay_now: toMoney(c.totalToPayNow),
    pretty_first_billing_date: c.firstBillingDate
      ? resolved.usualDate
        ? JOINING_TEXTS.usualPaymentDate
        : prettyDate(c.firstBillingDate)
      : null,
    global_base_price: toMoney(option.baseFee),
    promotion_enabled: Boolean(anyPromotion),
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    pro_rata_days: c.proRataDays,
    fees: {
      joining_fee: toMoney(c.joiningFee),
      base_fee: toMoney(c.baseFee),
      pro_rata_fee: toMoney(c.proRataFee),
      month_in_hand_fee: toMoney(c.monthInHandFee),
      discount: toMoney(c.discount),
    },
    start_date: formatIso(resolved.startDate),
    billing_day: resolved.billingDay,
    first_billing_date: c.firstBillingDate ? formatIso(c.firstBillingDate) : null,
  };
}
