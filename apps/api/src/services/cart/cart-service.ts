import {
  ALREADY_BOOKED_MESSAGE,
  ALREADY_IN_BASKET_MESSAGE,
  type Cart,
  type CartItem,
  MEMBERSHIP_PURCHASE_TEXTS,
  SESSION_FULL_MESSAGE,
  SESSION_NOT_RELEASED_MESSAGE,
  SESSION_STARTED_MESSAGE,
  type TenderType,
} from '@fieldhouse/contract';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  cartItems,
  cartPayments,
  carts,
  customerPackages,
  directDebitMandates,
  type JoinCostsSnapshot,
  membershipBenefits,
  memberships,
  membershipTypes,
  paymentOptions,
  penalties,
  venues,
  waiverSignatures,
  waivers,
} from '../../db/schema.ts';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { DEFAULT_TIME_ZONE, formatIso, localDateOf } from '../../lib/local-date.ts';
import { toMoney } from '../../lib/money.ts';
import { formatDuration, periodStart, venueDatePretty, venueTime } from '../../lib/venue-time.ts';
import { findCreditBalances } from '../credits/index.ts';
import {
  cancelReleasedMandates,
  type MandateDeps,
  releaseAwaitingMemberships,
} from './awaiting-memberships.ts';
import {
  type AvailableBenefit,
  type AvailablePackage,
  type BasketTotals,
  basketTotals,
  maxCreditApplicable,
  type PricedLine,
  priceLines,
  type Tender,
} from './pricing.ts';

export type CartRow = typeof carts.$inferSelect;
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

const DAY_MS = 86_400_000;

/** The customer's open basket (created when there is none); `lock` takes the row lock for a change. */
export async function openCart(db: DbOrTx, customerId: number, lock = false): Promise<CartRow> {
  const find = async () => {
    const query = db
      .select()
      .from(carts)
      .where(and(eq(carts.customerId, customerId), eq(carts.status, 'open')))
      .limit(1);
    const prepared = lock ? query.for('update').prepare('open_cart_locked') : query.prepare('open_cart');
    return (await prepared.execute())[0];
  };
  const found = await find();
  if (found) return found;
  await db.insert(carts).values({ customerId }).onConflictDoNothing();
  const created = await find();
  if (!created) throw new Error(`Could not open a basket for customer ${customerId}`);
  return created;
}

export async function bumpCartVersion(tx: DbOrTx, cartId: number, now: Date) {
  await tx
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: now })
    .where(eq(carts.id, cartId));
}

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
const isMembershipLine = (type: string) => (MEMBERSHIP_CART_TYPES as readonly string[]).includes(type);

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
  /** Places (activities) or 1; maxQuantity is the most this line may take. */
  quantity: number;
  maxQuantity: number;
  category: string | null;
  bookedByCaller: boolean;
  session: {
    id: number;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    bookedCount: number;
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

export async function loadCartLines(
  db: DbOrTx,
  cartId: number,
  customerId: number,
  now: Date,
): Promise<CartLine[]> {
  const rows = await db
    .select({
      item: cartItems,
      session: activitySessions,
      activity: {
        name: activities.name,
        category: activities.category,
        requiresWaiver: activities.requiresWaiver,
        maxPlacesPerBooking: activities.maxPlacesPerBooking,
      },
      waiver: { id: waivers.id, title: waivers.title },
      waiverSigned: sql<boolean>`(${activities.waiverId} is not null and exists (select 1 from ${waiverSignatures} ws where ws.customer_id = ${customerId} and ws.waiver_id = ${activities.waiverId} and (ws.expires_at is null or ws.expires_at > ${now.toISOString()}::timestamptz)))`,
      venue: {
        id: venues.id,
        name: venues.name,
        clientId: venues.clientId,
        timeZone: venues.timeZone,
        bookingWindowDays: venues.bookingWindowDays,
      },
      penalty: penalties,
      penaltyVenueName: penaltyVenues.name,
      membership: memberships,
      membershipType: { name: membershipTypes.name },
      membershipOption: {
        name: paymentOptions.name,
        paymentType: paymentOptions.paymentType,
        fixedDuration: paymentOptions.fixedDuration,
        fixedPeriod: paymentOptions.fixedPeriod,
      },
      membershipVenue: { name: membershipVenues.name, timeZone: membershipVenues.timeZone },
      bookedByCaller: sql<boolean>`(${cartItems.cartableType} = 'activity' and exists (select 1 from bookings b where b.customer_id = ${customerId} and b.activity_session_id = ${cartItems.cartableId} and b.status <> 'cancelled'))`,
    })
    .from(cartItems)
    .leftJoin(
      activitySessions,
      and(eq(cartItems.cartableType, 'activity'), eq(activitySessions.id, cartItems.cartableId)),
    )
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(waivers, eq(waivers.id, activities.waiverId))
    .leftJoin(venues, eq(venues.id, activitySessions.venueId))
    .leftJoin(
      penalties,
      and(
        eq(cartItems.cartableType, 'penalty'),
        eq(penalties.id, cartItems.cartableId),
        eq(penalties.customerId, customerId),
      ),
    )
    .leftJoin(penaltyVenues, eq(penaltyVenues.id, penalties.venueId))
    .leftJoin(
      memberships,
      and(
        inArray(cartItems.cartableType, [...MEMBERSHIP_CART_TYPES]),
        eq(memberships.id, cartItems.cartableId),
        eq(memberships.customerId, customerId),
      ),
    )
    .leftJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .leftJoin(membershipVenues, eq(membershipVenues.id, memberships.homeVenueId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id))
    // Named: twelve tables take PostgreSQL far longer to plan than to run, so plan once per connection.
    .prepare('cart_lines')
    .execute();
  return rows.map((r): CartLine => {
    const base = {
      itemId: r.item.id,
      type: r.item.cartableType,
      cartableId: r.item.cartableId,
      usageRemoved: r.item.usageRemoved,
      bookedByCaller: Boolean(r.bookedByCaller),
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
        maxQuantity: r.activity.maxPlacesPerBooking,
        category: r.activity.category,
        session: {
          id: r.session.id,
          startsAt: r.session.startsAt,
          endsAt: r.session.endsAt,
          capacity: r.session.capacity,
          bookedCount: r.session.bookedCount,
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
      session: null,
      penalty: null,
      membership: null,
    };
  });
}

/** Why a line cannot be bought as it is now (null when it can). */
export function lineProblem(line: CartLine, now: Date): string | null {
  if (line.session) {
    const s = line.session;
    if (s.startsAt.getTime() <= now.getTime()) return SESSION_STARTED_MESSAGE;
    if (line.bookedByCaller) return ALREADY_BOOKED_MESSAGE;
    if (s.bookedCount >= s.capacity) return SESSION_FULL_MESSAGE;
    if (s.bookedCount + line.quantity > s.capacity) return placesLeftMessage(s.capacity - s.bookedCount);
    if (s.startsAt.getTime() - s.bookingWindowDays * DAY_MS > now.getTime())
      return SESSION_NOT_RELEASED_MESSAGE;
    return null;
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

/** Benefits of the customer's active memberships with the uses left in their current period. */
export async function findAvailableBenefits(
  db: DbOrTx,
  customerId: number,
  now: Date,
  timeZone: string,
): Promise<AvailableBenefit[]> {
  const monthStart = periodStart(now, 'month', timeZone).toISOString();
  const weekStart = periodStart(now, 'week', timeZone).toISOString();
  const rows = await db
    .select({
      benefitId: membershipBenefits.id,
      membershipId: memberships.id,
      name: membershipBenefits.name,
      category: membershipBenefits.activityCategory,
      discountPercent: membershipBenefits.discountPercent,
      usesPerPeriod: membershipBenefits.usesPerPeriod,
      used: sql<number>`(select count(*)::int from benefit_usages u where u.membership_id = ${memberships.id} and u.benefit_id = ${membershipBenefits.id} and u.returned_at is null and u.used_at >= (case when ${membershipBenefits.period} = 'week' then ${weekStart}::timestamptz else ${monthStart}::timestamptz end))`,
    })
    .from(memberships)
    .innerJoin(membershipBenefits, eq(membershipBenefits.membershipTypeId, memberships.membershipTypeId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.status, 'active'),
        eq(membershipBenefits.kind, 'activity'),
      ),
    )
    .orderBy(asc(membershipBenefits.id))
    .prepare('available_benefits')
    .execute();
  return rows
    .map((r) => ({
      benefitId: r.benefitId,
      membershipId: r.membershipId,
      name: r.name,
      category: r.category,
      discountPercent: r.discountPercent,
      usesLeft: r.usesPerPeriod - Number(r.used),
    }))
    .filter((b) => b.usesLeft > 0);
}

export async function findAvailablePackages(
  db: DbOrTx,
  customerId: number,
  now: Date,
): Promise<AvailablePackage[]> {
  const rows = await db
    .select()
    .from(customerPackages)
    .where(
      and(
        eq(customerPackages.customerId, customerId),
        eq(customerPackages.kind, 'sessions'),
        gt(customerPackages.sessionsRemaining, 0),
        or(isNull(customerPackages.expiresAt), gt(customerPackages.expiresAt, now)),
      ),
    )
    .prepare('available_packages')
    .execute();
  return rows.map((p) => ({
    packageId: p.id,
    name: p.name,
    category: p.activityCategory,
    sessionsRemaining: p.sessionsRemaining,
    expiresAt: p.expiresAt,
  }));
}

export type PricedCart = {
  cart: CartRow;
  lines: CartLine[];
  priced: PricedLine[];
  totals: BasketTotals;
  tenders: Tender[];
};

/** Lines, prices, credit and totals of a basket. `tenders` override the basket's stored payments (checkout). */
export async function priceCart(
  db: DbOrTx,
  input: {
    cart: CartRow;
    customerId: number;
    now: Date;
    timeZone: string;
    tenders?: Tender[];
    lines?: CartLine[];
  },
): Promise<PricedCart> {
  const { cart, customerId, now } = input;
  const lines = input.lines ?? (await loadCartLines(db, cart.id, customerId, now));
  const hasActivities = lines.some((l) => l.type === 'activity' && !l.usageRemoved);
  // Sequential on purpose: inside a transaction both engines run one statement at a time anyway.
  const benefits = hasActivities ? await findAvailableBenefits(db, customerId, now, input.timeZone) : [];
  const packages = hasActivities ? await findAvailablePackages(db, customerId, now) : [];
  const credit = await findCreditBalances(db, customerId, now);
  const stored =
    input.tenders ??
    (await db
      .select({ tenderType: cartPayments.tenderType, amount: cartPayments.amount })
      .from(cartPayments)
      .where(eq(cartPayments.cartId, cart.id))
      .orderBy(asc(cartPayments.id))
      .prepare('cart_payments')
      .execute());
  const priced = priceLines(
    lines.map((l) => ({
      itemId: l.itemId,
      type: l.type,
      fullPrice: l.fullPrice,
      unitPrice: l.unitPrice,
      category: l.category,
      usageRemoved: l.usageRemoved,
    })),
    benefits,
    packages,
  );
  const totals = basketTotals({ lines: priced, creditAvailable: credit, tenders: stored });
  return { cart, lines, priced, totals, tenders: stored };
}

function toCartItemWire(line: CartLine, priced: PricedLine, now: Date): CartItem {
  const s = line.session;
  const zone = s?.timeZone;
  const m = line.membership;
  if (m) {
    return {
      id: line.itemId,
      name: line.name,
      price: {
        ...toMoney(priced.price),
        original: toMoney(line.fullPrice),
        benefit_applied: false,
        package_applied: false,
        benefit_name: null,
        package_name: null,
      },
      quantity: 1,
      max_quantity: 1,
      cartable_type: line.type,
      cartable_id: line.cartableId,
      child_items: membershipFeeLines(m.costs, m.paymentType).map((f) => ({
        name: f.label,
        price: toMoney(f.amount),
      })),
      membership_user_id: null,
      cartable_resource: {
        name: line.name,
        venue_name: m.venueName,
        duration: m.paymentType === 'fixed' ? fixedDurationText(m.fixedDuration, m.fixedPeriod) : null,
        new_membership: true,
        location: null,
        date: null,
        starts_at: null,
        ends_at: null,
        requires_waiver: false,
      },
      problem: lineProblem(line, now),
    };
  }
  return {
    id: line.itemId,
    name: line.name,
    price: {
      ...toMoney(priced.price),
      original: toMoney(line.fullPrice),
      benefit_applied: priced.benefit !== null,
      package_applied: priced.package !== null,
      benefit_name: priced.benefit?.name ?? null,
      package_name: priced.package?.name ?? null,
    },
    quantity: line.quantity,
    max_quantity: line.maxQuantity,
    cartable_type: line.type,
    cartable_id: line.cartableId,
    child_items: [],
    membership_user_id: null,
    cartable_resource: {
      name: line.name,
      venue_name: s?.venueName ?? line.penalty?.venueName ?? null,
      duration: s ? formatDuration(s.startsAt, s.endsAt) : null,
      new_membership: false,
      location: s ? { name: s.locationName } : null,
      date: s ? { full_date_pretty: venueDatePretty(s.startsAt, zone) } : null,
      starts_at: s ? { format_24_hour: venueTime(s.startsAt, zone), raw: s.startsAt.toISOString() } : null,
      ends_at: s ? { format_24_hour: venueTime(s.endsAt, zone), raw: s.endsAt.toISOString() } : null,
      requires_waiver: s?.requiresWaiver ?? false,
    },
    problem: lineProblem(line, now),
  };
}

export function toCartWire(priced: PricedCart, now: Date, selectedUserId: number | null): Cart {
  const { cart, lines, totals } = priced;
  const byId = new Map(priced.priced.map((p) => [p.itemId, p]));
  return {
    id: cart.id,
    uuid: cart.uuid,
    version: cart.version,
    items: lines.map((l) => toCartItemWire(l, byId.get(l.itemId)!, now)),
    sort_by: 'created_at',
    enable_print_receipt: false,
    totals: {
      sub_total: toMoney(totals.subTotal),
      tax_total: toMoney(totals.taxTotal),
      total: toMoney(totals.total),
      basket_cost: toMoney(totals.total),
      credit_applied: toMoney(totals.creditApplied),
      total_to_pay: toMoney(totals.totalToPay),
      balance: toMoney(totals.totalToPay),
      item_count: totals.itemCount,
    },
    credits: {
      membership: {
        total_available: toMoney(totals.credits.membership.available),
        max_applicable: toMoney(totals.credits.membership.maxApplicable),
      },
      general: {
        total_available: toMoney(totals.credits.general.available),
        max_applicable: toMoney(totals.credits.general.maxApplicable),
      },
    },
    payments: priced.tenders
      .filter((t) => t.amount > 0)
      .map((t) => ({ tender_type: t.tenderType as TenderType, amount: toMoney(t.amount) })),
    // A waiver still to sign before checkout (checkout refuses the basket until it is signed).
    attendee_waivers_required: lines.some((l) => l.session?.waiver && !l.session.waiver.isSigned),
    billing_prefill: null,
    selected_user_id: selectedUserId,
    complete_order_id: cart.completeOrderId,
  };
}

export type CartContext = { customerId: number; clientId: number; timeZone: string; now: Date };

/** The caller may act only for themselves (selected_user_id / purchased_for_user_id). */
export function checkSelectedUser(customerId: number, selected: number | null | undefined) {
  if (selected !== undefined && selected !== null && selected !== customerId) throw forbidden();
  return selected ?? null;
}

async function readCart(db: DbOrTx, ctx: CartContext, cart: CartRow, selectedUserId: number | null = null) {
  const priced = await priceCart(db, {
    cart,
    customerId: ctx.customerId,
    now: ctx.now,
    timeZone: ctx.timeZone,
  });
  return {
    ...toCartWire(priced, ctx.now, selectedUserId),
    billing_prefill: await findBillingPrefill(db, priced),
  };
}

/** The direct-debit billing details of a new membership in the basket (its mandate), for checkout's card form. */
async function findBillingPrefill(db: DbOrTx, priced: PricedCart): Promise<Cart['billing_prefill']> {
  const mandateId = priced.lines.find((l) => l.membership?.mandateId)?.membership?.mandateId;
  if (!mandateId) return null;
  const [mandate] = await db
    .select()
    .from(directDebitMandates)
    .where(
      and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.customerId, priced.cart.customerId)),
    );
  if (!mandate) return null;
  const [first = '', ...rest] = mandate.accountHolder.trim().split(/\s+/);
  return {
    first_name: first,
    last_name: rest.join(' '),
    address_line_one: mandate.billingAddressLine1,
    address_line_two: mandate.billingAddressLine2,
    city: mandate.billingCity,
    postcode: mandate.billingPostcode,
  };
}

/** GET /api/cart */
export async function findCart(db: DbOrTx, ctx: CartContext, selectedUserId: number | null) {
  return readCart(db, ctx, await openCart(db, ctx.customerId), selectedUserId);
}

/** Runs a change on the open basket under its row lock, bumps the version, and answers the new basket. */
async function changeCart(
  db: { transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T> },
  ctx: CartContext,
  change: (tx: Tx, cart: CartRow) => Promise<boolean | undefined>,
) {
  return db.transaction(async (tx) => {
    const cart = await openCart(tx, ctx.customerId, true);
    const changed = await change(tx, cart);
    if (changed !== false) await bumpCartVersion(tx, cart.id, ctx.now);
    const [fresh] = await tx.select().from(carts).where(eq(carts.id, cart.id));
    return readCart(tx, ctx, fresh!);
  });
}

type TxDb = Parameters<typeof changeCart>[0];

export type AddItem = { id: number; type: CartItem['cartable_type'] };

/** POST /api/cart/add: released, not started, not booked by the caller, not in the basket, not full. */
export async function addToCart(db: TxDb, ctx: CartContext, items: AddItem[]) {
  return changeCart(db, ctx, async (tx, cart) => {
    for (const item of items) {
      if (item.type === 'activity') await addSession(tx, ctx, cart, item.id);
      else if (item.type === 'penalty') await addPenalty(tx, ctx, cart, item.id);
      else throw fieldError('items', NOT_ADDABLE_MESSAGE);
    }
    return true;
  });
}

async function inCart(tx: Tx, cartId: number, type: CartItem['cartable_type'], id: number) {
  const [row] = await tx
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.cartableType, type), eq(cartItems.cartableId, id)))
    .limit(1);
  return Boolean(row);
}

async function addSession(tx: Tx, ctx: CartContext, cart: CartRow, sessionId: number) {
  const [row] = await tx
    .select({ session: activitySessions, venue: venues })
    .from(activitySessions)
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(eq(activitySessions.id, sessionId))
    .limit(1);
  if (!row || row.venue.clientId !== ctx.clientId) throw notFound();
  const { session, venue } = row;
  const now = ctx.now.getTime();
  if (session.startsAt.getTime() <= now) throw fieldError('items', SESSION_STARTED_MESSAGE);
  if (session.startsAt.getTime() - venue.bookingWindowDays * DAY_MS > now) {
    throw fieldError('items', SESSION_NOT_RELEASED_MESSAGE);
  }
  const [booked] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, ctx.customerId),
        eq(bookings.activitySessionId, sessionId),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .limit(1);
  if (booked) throw fieldError('items', ALREADY_BOOKED_MESSAGE);
  if (await inCart(tx, cart.id, 'activity', sessionId)) throw fieldError('items', ALREADY_IN_BASKET_MESSAGE);
  if (session.bookedCount >= session.capacity) throw fieldError('items', SESSION_FULL_MESSAGE);
  await tx.insert(cartItems).values({ cartId: cart.id, cartableType: 'activity', cartableId: sessionId });
}

async function addPenalty(tx: Tx, ctx: CartContext, cart: CartRow, penaltyId: number) {
  const [penalty] = await tx
    .select()
    .from(penalties)
    .where(and(eq(penalties.id, penaltyId), eq(penalties.customerId, ctx.customerId)))
    .limit(1);
  if (!penalty) throw notFound();
  if (penalty.status !== 'unpaid') throw fieldError('items', PENALTY_PAID_MESSAGE);
  if (await inCart(tx, cart.id, 'penalty', penaltyId)) throw fieldError('items', FEE_IN_BASKET_MESSAGE);
  await tx.insert(cartItems).values({ cartId: cart.id, cartableType: 'penalty', cartableId: penaltyId });
}

/**
 * POST /api/cart/remove: every id must be a line of the caller's basket (else 404, nothing removed). A new
 * membership's line takes its awaiting-payment membership with it, and its unused mandate is cancelled.
 */
export async function removeFromCart(db: TxDb, ctx: CartContext, cartItemIds: number[], deps?: MandateDeps) {
  const ids = [...new Set(cartItemIds)];
  let released: string[] = [];
  const cart = await changeCart(db, ctx, async (tx, cart) => {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.id, ids)))
      .returning({ id: cartItems.id, type: cartItems.cartableType, cartableId: cartItems.cartableId });
    if (removed.length !== ids.length) throw notFound();
    const membershipIds = removed.filter((r) => isMembershipLine(r.type)).map((r) => r.cartableId);
    if (membershipIds.length)
      released = await releaseAwaitingMemberships(tx, {
        customerId: ctx.customerId,
        membershipIds,
        now: ctx.now,
      });
    // Removing a line keeps only credit payments (spec §4 Basket); credit is re-capped when read.
    await tx
      .delete(cartPayments)
      .where(and(eq(cartPayments.cartId, cart.id), ne(cartPayments.tenderType, 'credit')));
    return true;
  });
  await cancelReleasedMandates(deps, released);
  return cart;
}

async function findOwnLine(tx: Tx, cart: CartRow, cartItemId: number) {
  const [item] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, cartItemId), eq(cartItems.cartId, cart.id)))
    .limit(1);
  if (!item) throw notFound();
  return item;
}

/**
 * PUT /api/cart/:cartItemId: sets a line's quantity. Only activity lines whose activity allows several places
 * per booking (court hire, tickets) take more than 1, up to that limit and the places left on the session.
 */
export async function updateCartItem(db: TxDb, ctx: CartContext, cartItemId: number, quantity: number) {
  return changeCart(db, ctx, async (tx, cart) => {
    const item = await findOwnLine(tx, cart, cartItemId);
    if (item.quantity === quantity) return false;
    if (item.cartableType !== 'activity') throw fieldError('quantity', QUANTITY_FIXED_MESSAGE);
    const [session] = await tx
      .select({
        capacity: activitySessions.capacity,
        bookedCount: activitySessions.bookedCount,
        maxPlaces: activities.maxPlacesPerBooking,
      })
      .from(activitySessions)
      .innerJoin(activities, eq(activities.id, activitySessions.activityId))
      .where(eq(activitySessions.id, item.cartableId));
    if (!session) throw fieldError('quantity', ITEM_UNAVAILABLE_MESSAGE);
    if (session.maxPlaces === 1) throw fieldError('quantity', QUANTITY_FIXED_MESSAGE);
    if (quantity > session.maxPlaces) throw fieldError('quantity', maxPlacesMessage(session.maxPlaces));
    const left = session.capacity - session.bookedCount;
    if (quantity > item.quantity && quantity > left) {
      throw fieldError('quantity', left <= 0 ? SESSION_FULL_MESSAGE : placesLeftMessage(left));
    }
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, cartItemId));
    // As when a line is removed: offline tenders no longer match the total; credit is re-capped when read.
    await tx
      .delete(cartPayments)
      .where(and(eq(cartPayments.cartId, cart.id), ne(cartPayments.tenderType, 'credit')));
    return true;
  });
}

/** DELETE /api/cart (new memberships in it are released as when their line is removed). */
export async function clearCart(db: TxDb, ctx: CartContext, deps?: MandateDeps) {
  let released: string[] = [];
  const cart = await changeCart(db, ctx, async (tx, cart) => {
    const removed = await tx
      .delete(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .returning({ type: cartItems.cartableType, cartableId: cartItems.cartableId });
    const membershipIds = removed.filter((r) => isMembershipLine(r.type)).map((r) => r.cartableId);
    if (membershipIds.length)
      released = await releaseAwaitingMemberships(tx, {
        customerId: ctx.customerId,
        membershipIds,
        now: ctx.now,
      });
    await tx.delete(cartPayments).where(eq(cartPayments.cartId, cart.id));
    return true;
  });
  await cancelReleasedMandates(deps, released);
  return cart;
}

/**
 * DELETE /api/activities/{benefit|package}/remove/:id: the line pays full price from now on (the benefit or
 * package is not applied to it again automatically). 422 when that kind of usage is not applied to it.
 */
export async function removeUsage(
  db: TxDb,
  ctx: CartContext,
  cartItemId: number,
  kind: 'benefit' | 'package',
) {
  return changeCart(db, ctx, async (tx, cart) => {
    await findOwnLine(tx, cart, cartItemId);
    const priced = await priceCart(tx, {
      cart,
      customerId: ctx.customerId,
      now: ctx.now,
      timeZone: ctx.timeZone,
    });
    const line = priced.priced.find((p) => p.itemId === cartItemId)!;
    if (kind === 'benefit' && !line.benefit) throw fieldError('id', NO_BENEFIT_MESSAGE);
    if (kind === 'package' && !line.package) throw fieldError('id', NO_PACKAGE_MESSAGE);
    await tx.update(cartItems).set({ usageRemoved: true }).where(eq(cartItems.id, cartItemId));
    return true;
  });
}

export const OFFLINE_TENDERS = new Set<string>(['cash', 'offline-voucher', 'cheque']);

/**
 * PUT /api/cart/payments: replaces the basket's tenders. Amounts of zero or less remove a tender; credit is
 * capped at what may apply; offline tenders need a front-of-house device (403 otherwise).
 */
export async function setCartPayments(
  db: TxDb,
  ctx: CartContext,
  input: { payments: Tender[]; frontOfHouse: boolean },
) {
  const wanted = new Map<string, number>();
  for (const p of input.payments) wanted.set(p.tenderType, p.amount);
  const kept = [...wanted].filter(([, amount]) => amount > 0);
  if (kept.some(([type]) => OFFLINE_TENDERS.has(type)) && !input.frontOfHouse) throw forbidden();
  return changeCart(db, ctx, async (tx, cart) => {
    const priced = await priceCart(tx, {
      cart,
      customerId: ctx.customerId,
      now: ctx.now,
      timeZone: ctx.timeZone,
      tenders: [],
    });
    const maxCredit = maxCreditApplicable(priced.totals);
    await tx.delete(cartPayments).where(eq(cartPayments.cartId, cart.id));
    const rows = kept
      .map(([tenderType, amount]) => ({
        cartId: cart.id,
        tenderType: tenderType as TenderType,
        amount: tenderType === 'credit' ? Math.min(amount, maxCredit) : amount,
      }))
      .filter((r) => r.amount > 0);
    if (rows.length) await tx.insert(cartPayments).values(rows);
    return true;
  });
}
