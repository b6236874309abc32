import type { DeskCustomer } from '@fieldhouse/contract';
import { and, asc, desc, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activitySessions,
  bookings,
  checkIns,
  customers,
  orders,
  staffAccounts,
  venues,
} from '../../../db/schema.ts';
import { toMoney } from '../../../lib/money.ts';
import { selectBookingDetails } from '../../bookings/index.ts';
import type { ClientRow } from '../../clients/index.ts';
import { findCreditBalances } from '../../credits/index.ts';
import { findGuestPasses } from '../../guest-passes/index.ts';
import { findAccountMemberships } from '../../memberships/index.ts';
import { findUnpaidPenalties } from '../../penalties/index.ts';
import { findCustomerWaivers } from '../../waivers/index.ts';
import { customerPostcode, deskInstant, deskPhotoUrl, fullName } from './shared.ts';

/** How many upcoming and recent bookings, orders, guest passes and check-ins the customer view lists. */
export const DESK_RECENT = 10;

/** The operator's customer (any venue), or null: the row the desk's other calls start from. */
export async function findDeskCustomerRow(db: DbOrTx, clientId: number, customerId: number) {
  const [row] = await db
    .select({ customer: customers, venue: { id: venues.id, name: venues.name }, postcode: customerPostcode })
    .from(customers)
    .leftJoin(venues, eq(venues.id, customers.homeVenueId))
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

type BookingDetails = Awaited<ReturnType<ReturnType<typeof selectBookingDetails>['where']>>[number];
const toDeskBooking = ({ booking, session, activity, venue }: BookingDetails) => ({
  id: booking.id,
  name: activity.name,
  venue: { id: venue.id, name: venue.name },
  starts_at: deskInstant(session.startsAt, venue.timeZone),
  status: booking.status,
  attended: booking.attended,
  places: booking.places,
});

/**
 * GET /api/staff/desk/customers/:id: personal details, memberships, bookings, orders, credit, unpaid fees, waivers,
 * guest passes and check-ins, through the same queries the member's own account uses. Times are where the venue
 * is (the operator's zone for orders and guest passes). Null for a customer of no such id.
 */
export async function findDeskCustomer(
  db: DbOrTx,
  input: { client: ClientRow; customerId: number; now: Date },
): Promise<DeskCustomer | null> {
  const found = await findDeskCustomerRow(db, input.client.id, input.customerId);
  if (!found) return null;
  const { customer: c } = found;
  const zone = input.client.timeZone;
  const { now, customerId } = input;
  const [memberships, upcoming, recent, orderRows, credit, fees, waivers, passes, visits] = await Promise.all(
    [
      findAccountMemberships(db, { customerId, now, timeZone: zone }),
      selectBookingDetails(db)
        .where(
          and(
            eq(bookings.customerId, customerId),
            ne(bookings.status, 'cancelled'),
            gte(activitySessions.startsAt, now),
          ),
        )
        .orderBy(asc(activitySessions.startsAt), asc(bookings.id))
        .limit(DESK_RECENT),
      selectBookingDetails(db)
        .where(and(eq(bookings.customerId, customerId), lt(activitySessions.startsAt, now)))
        .orderBy(desc(activitySessions.startsAt), desc(bookings.id))
        .limit(DESK_RECENT),
      db
        .select()
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(DESK_RECENT),
      findCreditBalances(db, customerId, now),
      findUnpaidPenalties(db, customerId),
      findCustomerWaivers(db, { customerId, clientId: input.client.id, timeZone: zone, now }),
      findGuestPasses(db, customerId, { page: 1, per_page: DESK_RECENT }, now),
      db
        .select({
          id: checkIns.id,
          at: checkIns.at,
          venue: { id: venues.id, name: venues.name, timeZone: venues.timeZone },
          staff: staffAccounts.name,
        })
        .from(checkIns)
        .innerJoin(venues, eq(venues.id, checkIns.venueId))
        .leftJoin(staffAccounts, eq(staffAccounts.id, checkIns.staffId))
        .where(eq(checkIns.customerId, customerId))
        .orderBy(desc(checkIns.at), desc(checkIns.id))
        .limit(DESK_RECENT),
    ],
  );
  return {
    customer: {
      id: c.id,
      reference: c.reference,
      name: fullName(c),
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      date_of_birth: c.dateOfBirth,
      postcode: found.postcode,
      home_venue: found.venue,
      photo_url: deskPhotoUrl(c.id, c.profilePhotoPath),
      joined_at: deskInstant(c.createdAt, zone),
    },
    memberships: memberships.map((m) => ({
      id: m.id,
      reference: m.reference,
      name: m.membership_type.name,
      status: m.status,
      status_info: m.status_info,
      venue: m.home_venue.name,
      start_date: m.start_date.raw,
      start_date_pretty: m.start_date.full_date,
      expires_at: m.expires_at?.raw ?? null,
      next_payment_date: m.next_payment_date?.raw ?? null,
    })),
    upcoming_bookings: upcoming.map(toDeskBooking),
    recent_bookings: recent.map(toDeskBooking),
    recent_orders: orderRows.map((o) => ({
      id: o.id,
      number: String(o.id),
      reference: o.uuid,
      created_at: deskInstant(o.createdAt, zone),
      total: toMoney(o.total),
      status: o.status,
    })),
    credit: {
      general: toMoney(credit.general),
      membership: toMoney(credit.membership),
      total: toMoney(credit.general + credit.membership),
    },
    unpaid_fees: fees.map((f) => ({
      id: f.id,
      type: f.type,
      description: f.description,
      amount: f.fee_amount,
      venue: f.venue.name,
      created_at: f.created_at,
    })),
    unpaid_total: toMoney(fees.reduce((sum, f) => sum + f.fee_amount.raw, 0)),
    waivers: waivers.flatMap((entry) =>
      entry.waivers.flatMap((w) =>
        w.signed
          ? [
              {
                id: w.id,
                name: entry.restriction.name,
                attendee: w.attendee,
                signed: w.signed.raw_pretty,
                expires: w.expires?.date.raw_pretty ?? null,
              },
            ]
          : [],
      ),
    ),
    guest_passes: passes.guest_passes.map((p) => ({
      id: p.id,
      guest_name: p.guest_name,
      code: p.code,
      status: p.status,
      valid_to: deskInstant(new Date(p.valid_to), zone),
      redeemed_at: p.redeemed_at ? deskInstant(new Date(p.redeemed_at), zone) : null,
      venue: p.venue,
    })),
    check_ins: visits.map((v) => ({
      id: v.id,
      at: deskInstant(v.at, v.venue.timeZone),
      venue: { id: v.venue.id, name: v.venue.name },
      staff: v.staff,
    })),
  };
}
