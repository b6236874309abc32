// Basket lines: what the basket holds (its lines, joined once), and why a line cannot be bought now.
import {
  ALREADY_BOOKED_MESSAGE,
  type CartItem,
  MEMBERSHIP_PURCHASE_TEXTS,
  SESSION_CANCELLED_MESSAGE,
  SESSION_FULL_MESSAGE,
  SESSION_NOT_RELEASED_MESSAGE,
  SESSION_STARTED_MESSAGE,
} from '@fieldhouse/contract';
import type { VatTreatment } from '@fieldhouse/contract/vat';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  activities,
  activitySessions,
  cartItems,
  type carts,
  clients,
  type JoinCostsSnapshot,
  memberships,
  membershipTypes,
  paymentOptions,
  penalties,
  venues,
  waiverSignatures,
  waivers,
} from '../../db/schema.ts';
import { DEFAULT_TIME_ZONE, formatIso, localDateOf } from '../../lib/local-date.ts';
import { sessionState } from '../../lib/session-state.ts';
import type { BasketTotals, PricedLine, Tender } from './pricing.ts';

export const PENALTY_PAID_MESSAGE = 'This fee has already been paid.';
export const ITEM_UNAVAILABLE_MESSAGE = 'This item is no longer available.';
export const NOT_ADDABLE_MESSAGE = 'This item cannot be added to the basket.';
export const FEE_IN_BASKET_MESSAGE = 'This fee is already in your basket.';
export const NO_BENEFIT_MESSAGE = 'No benefit is applied to this item.';
export const NO_PACKAGE_MESSAGE = 'No package is applied to this item.';
export const QUANTITY_FIXED_MESSAGE = 'The quantity of this item cannot be changed.';
export const maxPlacesMessage = (max: number) => `You can book up to ${max} places on this session.`;
export const placesLeftMessage = (left: number) =>
  left === 1 ? 'Only 1 place is left on this session.' : `Only ${left} places are left on this session.`;

export type CartRow = typeof carts.$inferSelect;

export type PricedCart = {
  cart: CartRow;
  lines: CartLine[];
  priced: PricedLine[];
  totals: BasketTotals;
  tenders: Tender[];
  /** Whom the confirmation goes to. */
  buyer: { email: string; firstName: string };
};

const penaltyVenues = alias(venues, 'penalty_venues');
const membershipVenues = alias(venues, 'membership_venues');

/** A new membership waiting in the basket (joining §3). */
export type CartMembership = {
  id: number;
  awaitingPayment: boolean;
  startDate: string;
  costs: JoinCostsSnapshot;
  typeName: string;
  optionName: string;
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: 'day' | 'week' | 'month' | 'year' | null;
  venueName: string;
  timeZone: string;
  mandateId: number | null;
  /** A change: the membership this one takes over from (it ends the day before this starts). */
  replacesMembershipId: number | null;
};

/** Basket lines that hold an awaiting-payment membership: a new one or a change ('membership'), or a renewal. */
export const MEMBERSHIP_CART_TYPES = ['membership', 'membershipRenewal'] as const;
export const isMembershipLine = (type: string) => (MEMBERSHIP_CART_TYPES as readonly string[]).includes(type);

/** The fee lines of a new membership (child items and order fees), non-zero only; the discount is negative. */
export function membershipFeeLines(costs: JoinCostsSnapshot, paymentType: 'recurring' | 'fixed') {
  const lines = [
    { label: 'Setup fee', amount: costs.joiningFee },
    ...(paymentType === 'fixed' ? [{ label: 'Membership fee', amount: costs.baseFee }] : []),
    { label: 'Pro-rata', amount: costs.proRataFee },
    { label: 'Month in hand fee', amount: costs.monthInHandFee },
    { label: 'Code Applied', amount: -costs.discount },
  ];
  return lines.filter((l) => l.amount !== 0);
}

const PERIOD_NAMES = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;
export const fixedDurationText = (duration: number | null, period: keyof typeof PERIOD_NAMES | null) =>
  duration && period ? `${duration} ${PERIOD_NAMES[period]}${duration === 1 ? '' : 's'}` : null;

/** One basket line with what pricing, display and checkout need. */
export type CartLine = {
  itemId: number;
  type: CartItem['cartable_type'];
  cartableId: number;
  usageRemoved: boolean;
  name: string;
  /** What the line costs at full price: the unit price times the quantity. */
  fullPrice: number;
  unitPrice: number;
  /** Places (activities) or 1; maxQuantity is the most this line may take now (the activity's limit, the places left). */
  quantity: number;
  maxQuantity: number;
  category: string | null;
  /** VAT on the line (decision 082): the activity's, the membership type's, or the operator's for fees. */
  vatTreatment: VatTreatment;
  bookedByCaller: boolean;
  /** The caller waits on this line's session (booking it takes them off the waitlist). */
  waitingByCaller: boolean;
  session: {
    id: number;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    bookedCount: number;
    /** Off sale since (staff cancelled it, or the timetable no longer runs it). */
    cancelledAt: Date | null;
    locationName: string;
    requiresWaiver: boolean;
    /** The activity's waiver, and whether the customer holds an unexpired signature of it (any version). */
    waiver: { id: number; title: string; isSigned: boolean } | null;
    venueId: number;
    venueName: string;
    venueClientId: number;
    timeZone: string;
    bookingWindowDays: number;
  } | null;
  penalty: { id: number; status: string; venueName: string | null } | null;
  membership: CartMembership | null;
};

// Twelve tables: built once, and named, as PostgreSQL takes far longer to plan it than to run it.
const cartLineRows = prepared((db) => {
  const customerId = sql.placeholder('customerId');
  return db
    .select({
      item: cartItems,
      session: activitySessions,
      activity: {
        name: activities.name,
        category: activities.category,
        requiresWaiver: activities.requiresWaiver,
        maxPlacesPerBooking: activities.maxPlacesPerBooking,
        vatTreatment: activities.vatTreatment,
      },
      waiver: { id: waivers.id, title: waivers.title },
      waiverSigned: sql<boolean>`(${activities.waiverId} is not null and exists (select 1 from ${waiverSignatures} ws where ws.customer_id = ${customerId} and ws.waiver_id = ${activities.waiverId} and (ws.expires_at is null or ws.expires_at > ${sql.placeholder('now')}::timestamptz)))`,
      venue: {
        id: venues.id,
        name: venues.name,
        clientId: venues.clientId,
        timeZone: venues.timeZone,
        bookingWindowDays: venues.bookingWindowDays,
      },
      penalty: penalties,
      penaltyVenueName: penaltyVenues.name,
      penaltyVatTreatment: sql<VatTreatment | null>`(select ${clients.feeVatTreatment} from ${clients} where ${clients.id} = ${penaltyVenues.clientId})`,
      membership: memberships,
      membershipType: { name: membershipTypes.name, vatTreatment: membershipTypes.vatTreatment },
      membershipOption: {
        name: paymentOptions.name,
        paymentType: paymentOptions.paymentType,
        fixedDuration: paymentOptions.fixedDuration,
        fixedPeriod: paymentOptions.fixedPeriod,
      },
      membershipVenue: { name: membershipVenues.name, timeZone: membershipVenues.timeZone },
      bookedByCaller: sql<boolean>`(${cartItems.sessionId} is not null and exists (select 1 from bookings b where b.customer_id = ${customerId} and b.activity_session_id = ${cartItems.sessionId} and b.status <> 'cancelled'))`,
      waitingByCaller: sql<boolean>`(${cartItems.sessionId} is not null and exists (select 1 from waitlist_entries w where w.customer_id = ${customerId} and w.activity_session_id = ${cartItems.sessionId} and w.status = 'waiting'))`,
    })
    .from(cartItems)
    .leftJoin(activitySessions, eq(activitySessions.id, cartItems.sessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(waivers, eq(waivers.id, activities.waiverId))
    .leftJoin(venues, eq(venues.id, activitySessions.venueId))
    .leftJoin(penalties, and(eq(penalties.id, cartItems.penaltyId), eq(penalties.customerId, customerId)))
    .leftJoin(penaltyVenues, eq(penaltyVenues.id, penalties.venueId))
    .leftJoin(
      memberships,
      and(eq(memberships.id, cartItems.membershipId), eq(memberships.customerId, customerId)),
    )
    .leftJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .leftJoin(membershipVenues, eq(membershipVenues.id, memberships.homeVenueId))
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.id))
    .prepare('cart_lines');
});

export async function loadCartLines(
  db: DbOrTx,
  cartId: number,
  customerId: number,
  now: Date,
): Promise<CartLine[]> {
  const rows = await cartLineRows(db, { cartId, customerId, now: now.toISOString() });
  return rows.map((r): CartLine => {
    const base = {
      itemId: r.item.id,
      type: r.item.cartableType,
      cartableId: r.item.cartableId,
      usageRemoved: r.item.usageRemoved,
      bookedByCaller: Boolean(r.bookedByCaller),
      waitingByCaller: Boolean(r.waitingByCaller),
      quantity: 1,
      maxQuantity: 1,
    };
    if (r.session && r.activity && r.venue) {
      return {
        ...base,
        name: r.activity.name,
        fullPrice: r.session.price * r.item.quantity,
        unitPrice: r.session.price,
        quantity: r.item.quantity,
        // The activity's limit, but never more than the places left (issue 43: 'Up to 4' on a session with one
        // place left); never below what the line already holds, so the stepper stays to take places off.
        maxQuantity:
          r.activity.maxPlacesPerBooking > 1
            ? Math.max(
                1,
                r.item.quantity,
                Math.min(r.activity.maxPlacesPerBooking, r.session.capacity - r.session.bookedCount),
              )
            : 1,
        category: r.activity.category,
        vatTreatment: r.activity.vatTreatment,
        session: {
          id: r.session.id,
          startsAt: r.session.startsAt,
          endsAt: r.session.endsAt,
          capacity: r.session.capacity,
          bookedCount: r.session.bookedCount,
          cancelledAt: r.session.cancelledAt,
          locationName: r.session.locationName,
          requiresWaiver: r.activity.requiresWaiver,
          waiver: r.waiver ? { ...r.waiver, isSigned: Boolean(r.waiverSigned) } : null,
          venueId: r.venue.id,
          venueName: r.venue.name,
          venueClientId: r.venue.clientId,
          timeZone: r.venue.timeZone,
          bookingWindowDays: r.venue.bookingWindowDays,
        },
        penalty: null,
        membership: null,
      };
    }
    if (r.membership?.joinCosts && r.membershipType && r.membershipOption && r.membershipVenue) {
      const m = r.membership;
      return {
        ...base,
        name: `${r.membershipType.name} - ${r.membershipOption.name}`,
        fullPrice: m.joinCosts!.totalToPayNow,
        unitPrice: m.joinCosts!.totalToPayNow,
        category: null,
        vatTreatment: r.membershipType.vatTreatment,
        session: null,
        penalty: null,
        membership: {
          id: m.id,
          awaitingPayment: m.awaitingPayment,
          startDate: m.startDate,
          costs: m.joinCosts!,
          typeName: r.membershipType.name,
          optionName: r.membershipOption.name,
          paymentType: r.membershipOption.paymentType,
          fixedDuration: r.membershipOption.fixedDuration,
          fixedPeriod: r.membershipOption.fixedPeriod,
          venueName: r.membershipVenue.name,
          timeZone: r.membershipVenue.timeZone,
          mandateId: m.mandateId,
          replacesMembershipId: m.replacesMembershipId,
        },
      };
    }
    if (r.penalty) {
      return {
        ...base,
        name: r.penalty.description,
        fullPrice: r.penalty.amount,
        unitPrice: r.penalty.amount,
        category: null,
        vatTreatment: r.penaltyVatTreatment ?? 'standard',
        session: null,
        penalty: { id: r.penalty.id, status: r.penalty.status, venueName: r.penaltyVenueName },
        membership: null,
      };
    }
    return {
      ...base,
      name: 'Unavailable item',
      fullPrice: 0,
      unitPrice: 0,
      category: null,
      vatTreatment: 'standard',
      session: null,
      penalty: null,
      membership: null,
    };
  });
}

/**
 * Why a session's line cannot be booked now (null when it can): the timetable's states (cancelled, started, booked,
 * full), then too few places left for the line's quantity, then not yet released. The basket and checkout word it.
 */
export type SessionBlock =
  | 'cancelled'
  | 'started'
  | 'booked'
  | 'full'
  | 'not_released'
  | { placesLeft: number };

export function sessionBlock(
  session: NonNullable<CartLine['session']>,
  line: Pick<CartLine, 'bookedByCaller' | 'quantity'>,
  now: Date,
): SessionBlock | null {
  const { state } = sessionState(
    { ...session, bookedByCaller: line.bookedByCaller },
    now,
    session.bookingWindowDays,
  );
  if (state === 'cancelled' || state === 'started' || state === 'booked' || state === 'full') return state;
  if (session.bookedCount + line.quantity > session.capacity) {
    return { placesLeft: session.capacity - session.bookedCount };
  }
  return state === 'not_released' ? state : null;
}

const BASKET_SESSION_MESSAGES = {
  cancelled: SESSION_CANCELLED_MESSAGE,
  started: SESSION_STARTED_MESSAGE,
  booked: ALREADY_BOOKED_MESSAGE,
  full: SESSION_FULL_MESSAGE,
  not_released: SESSION_NOT_RELEASED_MESSAGE,
} as const;

/** Why a line cannot be bought as it is now (null when it can). */
export function lineProblem(line: CartLine, now: Date): string | null {
  if (line.session) {
    const block = sessionBlock(line.session, line, now);
    if (block === null) return null;
    return typeof block === 'string' ? BASKET_SESSION_MESSAGES[block] : placesLeftMessage(block.placesLeft);
  }
  if (line.penalty) return line.penalty.status === 'unpaid' ? null : PENALTY_PAID_MESSAGE;
  if (line.membership) return membershipProblem(line.membership, now);
  return ITEM_UNAVAILABLE_MESSAGE;
}

/** A new membership can be bought while it awaits payment and its start date (venue-local) is not past. */
export function membershipProblem(m: CartMembership, now: Date): string | null {
  if (!m.awaitingPayment) return ITEM_UNAVAILABLE_MESSAGE;
  const today = localDateOf(now, m.timeZone || DEFAULT_TIME_ZONE);
  return m.startDate < formatIso(today) ? MEMBERSHIP_PURCHASE_TEXTS.startDatePassed : null;
}
