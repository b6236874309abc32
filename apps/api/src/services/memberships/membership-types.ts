import {
  type IsPurchasable,
  MEMBERSHIP_PURCHASE_TEXTS,
  type Membership,
  type PaymentOption,
} from '@fieldhouse/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { membershipBenefits, membershipTypeVenues, paymentOptions, venues } from '../../db/schema.ts';
import { DEFAULT_TIME_ZONE, type LocalDate, localDateOf } from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { sanitiseHtml } from '../../lib/sanitise-html.ts';
import { heldMembershipTypeIds, type JoiningCaller, purchasability } from './eligibility.ts';
import { typesAtVenue, venueOf } from './lookups.ts';
import { computeCosts } from './pricing.ts';
import { optionsWithPromotion } from './promotions.ts';

/** GET memberships/types (joining §2 Choose your membership): a venue's memberships, tailored to the caller. */

type OptionRow = typeof paymentOptions.$inferSelect;

const toOptionWire = (
  option: OptionRow,
  purchasable: IsPurchasable,
  today: LocalDate,
  caller: JoiningCaller,
  promotionEnabled: boolean,
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
    promotion_enabled: promotionEnabled,
  };
};

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
  const [options, benefits, coverage, hasPromotion] = await Promise.all([
    db
      .select()
      .from(paymentOptions)
      .where(and(inArray(paymentOptions.membershipTypeId, ids), isNull(paymentOptions.archivedAt)))
      .orderBy(asc(paymentOptions.id)),
    db
      .select()
      .from(membershipBenefits)
      .where(and(inArray(membershipBenefits.membershipTypeId, ids), isNull(membershipBenefits.archivedAt)))
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
    optionsWithPromotion(db, input.clientId, input.now),
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
        .map((o) => toOptionWire(o, purchasable, today, input.caller, hasPromotion(o.id))),
    });
  }
  return result;
}
