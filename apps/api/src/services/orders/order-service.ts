import type { Order } from '@fieldhouse/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  directDebitMandates,
  membershipPromotions,
  memberships,
  membershipTypes,
  orderItems,
  orders,
  paymentOptions,
  payments,
  penalties,
  refunds,
  venues,
} from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { buildCalendar, type CalendarEvent } from '../../lib/ics.ts';
import { addDays, DEFAULT_TIME_ZONE, parseLocalDate, prettyDate } from '../../lib/local-date.ts';
import { formatMoney, toMoney } from '../../lib/money.ts';
import { paginate } from '../../lib/pagination.ts';
import {
  venueDate,
  venueDatePretty,
  venueDateTime,
  venueDayBounds,
  venueTime,
} from '../../lib/venue-time.ts';
import { membershipFeeLines } from '../cart/index.ts';
import { orderRefundsWire } from './order-refunds.ts';

const penaltyVenues = alias(venues, 'penalty_venues');
const membershipVenues = alias(venues, 'membership_venues');

export async function findOwnOrder(db: DbOrTx, customerId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!order) throw notFound();
  return order;
}

/** GET /api/orders?from&to: the caller's orders, newest first, within inclusive venue-local days. */
/** The customer's orders in the venue-local day range, newest first, one page of them with the totals. */
export async function findOrders(
  db: DbOrTx,
  customerId: number,
  query: { from?: string; to?: string; page: number; per_page: number },
  timeZone: string,
) {
  const { start, end } = venueDayBounds(query, timeZone);
  const where = and(
    eq(orders.customerId, customerId),
    start ? gte(orders.createdAt, start) : undefined,
    end ? lt(orders.createdAt, end) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const { offset, limit, pagination } = paginate({
    page: query.page,
    perPage: query.per_page,
    totalRecords: Number(total?.n ?? 0),
  });
  const rows = await db
    .select({
      order: orders,
      // Qualified by hand: drizzle writes a one-table query's columns without their table name.
      itemCount: sql<number>`(select count(*)::int from ${orderItems} i where i.order_id = ${orders}.id)`,
      refunded: sql<number>`(select coalesce(sum(r.amount), 0)::int from ${refunds} r where r.order_id = ${orders}.id)`,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return {
    orders: rows.map(({ order, itemCount, refunded }) => ({
      id: order.id,
      uuid: order.uuid,
      created_at: {
        raw: order.createdAt.toISOString(),
        datetime_string: venueDateTime(order.createdAt, timeZone),
      },
      total: formatMoney(order.total),
      payment_type: order.paymentType,
      item_count: Number(itemCount),
      refunded: Number(refunded) > 0 ? formatMoney(Number(refunded)) : null,
    })),
    pagination,
  };
}

export async function findItems(db: DbOrTx, orderId: number) {
  return db
    .select({
      item: orderItems,
      session: activitySessions,
      activityName: activities.name,
      venueName: venues.name,
      timeZone: venues.timeZone,
      bookingStatus: bookings.status,
      penaltyVenueName: penaltyVenues.name,
      membership: memberships,
      membershipTypeName: membershipTypes.name,
      membershipCategory: membershipTypes.category,
      membershipOption: paymentOptions,
      membershipVenueName: membershipVenues.name,
    })
    .from(orderItems)
    .leftJoin(activitySessions, eq(activitySessions.id, orderItems.activitySessionId))
    .leftJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(venues, eq(venues.id, activitySessions.venueId))
    .leftJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .leftJoin(penalties, eq(penalties.id, orderItems.penaltyId))
    .leftJoin(penaltyVenues, eq(penaltyVenues.id, penalties.venueId))
    .leftJoin(memberships, eq(memberships.id, orderItems.membershipId))
    .leftJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .leftJoin(paymentOptions, eq(paymentOptions.id, memberships.paymentOptionId))
    .leftJoin(membershipVenues, eq(membershipVenues.id, memberships.homeVenueId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** What an order was paid with, in the order it was taken (the order page, the receipt, the desk's audit entry). */
export async function findOrderPayments(db: DbOrTx, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

/** GET /api/orders/:orderId (the caller's own orders only; others answer 404). */
export async function findOrder(
  db: DbOrTx,
  customerId: number,
  orderId: number,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<Order> {
  const order = await findOwnOrder(db, customerId, orderId);
  const items = await findItems(db, orderId);
  const extras = await findMembershipExtras(db, items);
  const paid = await findOrderPayments(db, orderId);
  return {
    id: order.id,
    uuid: order.uuid,
    created_at: order.createdAt.toISOString(),
    total: toMoney(order.total),
    payment_type: order.paymentType,
    payments: paid.map((p) => ({
      tender_type: p.tenderType,
      amount: toMoney(p.amount),
      card: p.cardDescription,
    })),
    items: items.map((row) => {
      const { item, session, venueName, timeZone, penaltyVenueName } = row;
      const zone = timeZone ?? undefined;
      return {
        id: item.id,
        type: item.kind,
        name: item.name,
        price: toMoney(item.price),
        booking_id: item.bookingId,
        venue_name: venueName ?? penaltyVenueName ?? row.membershipVenueName,
        location_name: session?.locationName ?? null,
        date: session ? venueDate(session.startsAt, zone) : null,
        date_pretty: session ? venueDatePretty(session.startsAt, zone) : null,
        start_time: session ? venueTime(session.startsAt, zone) : null,
        end_time: session ? venueTime(session.endsAt, zone) : null,
        starts_at: session?.startsAt.toISOString() ?? null,
        ends_at: session?.endsAt.toISOString() ?? null,
        membership: orderMembership(row, (row.membership && extras.get(row.membership.id)) || NO_EXTRAS),
      };
    }),
    refunds: await orderRefundsWire(db, orderId, timeZone),
  };
}

export type ItemRow = Awaited<ReturnType<typeof findItems>>[number];
export type MembershipExtras = { promotionCode: string | null; mandateReference: string | null };
const NO_EXTRAS: MembershipExtras = { promotionCode: null, mandateReference: null };

/** The promotion code and direct-debit mandate reference of each membership of an order's items. */
export async function findMembershipExtras(db: DbOrTx, items: ItemRow[]) {
  const ids = items.flatMap((row) => (row.membership ? [row.membership.id] : []));
  const extras = new Map<number, MembershipExtras>();
  if (ids.length === 0) return extras;
  const rows = await db
    .select({
      id: memberships.id,
      promotionCode: membershipPromotions.code,
      mandateReference: directDebitMandates.reference,
    })
    .from(memberships)
    .leftJoin(membershipPromotions, eq(membershipPromotions.id, memberships.promotionId))
    .leftJoin(directDebitMandates, eq(directDebitMandates.id, memberships.mandateId))
    .where(inArray(memberships.id, ids));
  for (const row of rows) extras.set(row.id, row);
  return extras;
}

/**
 * A membership's fees paid at joining (setup fee, membership fee, pro-rata, month in hand, code applied), each
 * with its detail: the pro-rata's dates and days, the code's name. The order page and the receipt show these.
 */
export function membershipFees(row: ItemRow, extras: MembershipExtras = NO_EXTRAS) {
  const { membership: m, membershipOption: option } = row;
  const costs = m?.joinCosts;
  if (!m || !option || !costs) return [];
  const start = parseLocalDate(m.startDate);
  const first = costs.firstBillingDate ? parseLocalDate(costs.firstBillingDate) : null;
  return membershipFeeLines(costs, option.paymentType).map((fee) => ({
    ...fee,
    detail:
      fee.label === 'Pro-rata' && start && first
        ? `${prettyDate(start)} to ${prettyDate(addDays(first, -1))}, ${costs.proRataDays} ${costs.proRataDays === 1 ? 'day' : 'days'}`
        : fee.label === 'Code Applied'
          ? extras.promotionCode
          : null,
  }));
}

/** A membership item's details (joining §3 Order: membership item); null for other items. */
function orderMembership(row: ItemRow, extras: MembershipExtras): Order['items'][number]['membership'] {
  const { membership: m, membershipOption: option } = row;
  if (!m || !option) return null;
  const start = parseLocalDate(m.startDate);
  const costs = m.joinCosts;
  const first = costs?.firstBillingDate ? parseLocalDate(costs.firstBillingDate) : null;
  return {
    start_date: start ? prettyDate(start) : m.startDate,
    payment_type: option.paymentType,
    payment_option: {
      pretty_first_billing_date: first ? prettyDate(first) : null,
      fixed_duration: option.fixedDuration,
      fixed_period: option.fixedPeriod,
    },
    fees: membershipFees(row, extras).map((f) => ({
      label: f.label,
      price: toMoney(f.amount),
      detail: f.detail,
    })),
    categories: row.membershipCategory ? [{ name: row.membershipCategory }] : [],
    base_fee: { price: toMoney(option.baseFee) },
    home_venue: { name: row.membershipVenueName ?? '' },
    mandate_reference: extras.mandateReference,
  };
}

/** GET /api/orders/:orderId/calendar.ics: one VEVENT per booked (not cancelled) session of the order. */
export async function buildOrderCalendar(
  db: DbOrTx,
  input: { customerId: number; orderId: number; clientName: string; uidDomain: string },
) {
  const order = await findOwnOrder(db, input.customerId, input.orderId);
  const items = await findItems(db, input.orderId);
  const events: CalendarEvent[] = items.flatMap(
    ({ item, session, activityName, venueName, bookingStatus }) =>
      session && bookingStatus !== 'cancelled'
        ? [
            {
              uid: `booking-${item.bookingId ?? `item-${item.id}`}@${input.uidDomain}`,
              stamp: order.createdAt,
              start: session.startsAt,
              end: session.endsAt,
              summary: activityName ?? item.name,
              location: [venueName, session.locationName].filter(Boolean).join(', '),
              description: `${input.clientName} booking, order ${order.id}`,
            },
          ]
        : [],
  );
  return buildCalendar({ prodId: '-//Fieldhouse//Bookings//EN', name: input.clientName, events });
}
