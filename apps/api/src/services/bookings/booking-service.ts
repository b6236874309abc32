import { BOOKING_TEXTS, type Booking } from '@fieldhouse/contract';
import { and, asc, desc, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activities, activitySessions, bookings, venues } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { buildCalendar } from '../../lib/ics.ts';
import { toMoney } from '../../lib/money.ts';
import {
  formatDuration,
  venueDate,
  venueDatePretty,
  venueLocalIso,
  venueTime,
} from '../../lib/venue-time.ts';

export const CANCELLATION_CUT_OFF = {
  cutoff_action: 'cancel',
  cutoff_message: BOOKING_TEXTS.cannotCancel,
} as const;

type BookingFilter = { startsAfter?: Date; startsBefore?: Date };

export type BookingRow = {
  booking: typeof bookings.$inferSelect;
  session: typeof activitySessions.$inferSelect;
  activity: typeof activities.$inferSelect;
  venue: typeof venues.$inferSelect;
};

/** The last moment a booking can be cancelled: the activity's cut-off hours before the session starts. */
export const cancellationCutoff = (row: Pick<BookingRow, 'session' | 'activity'>) =>
  new Date(row.session.startsAt.getTime() - row.activity.cancellationCutoffHours * 3_600_000);

/** A booking can be cancelled while it is booked and the activity's cut-off has not passed. */
export function canBeCancelled(
  row: Pick<BookingRow, 'booking' | 'session' | 'activity'>,
  now: Date,
): boolean {
  return row.booking.status === 'booked' && now.getTime() < cancellationCutoff(row).getTime();
}

export function toBookingWire(row: BookingRow, now: Date): Booking {
  const { booking, session, activity, venue } = row;
  const zone = venue.timeZone;
  const cancellable = canBeCancelled(row, now);
  const cutoffAt = cancellationCutoff(row);
  const canBeAwarded = activity.cancellationAwardsCredit && cancellable && booking.price > 0;
  return {
    id: booking.id,
    status: booking.status,
    order_id: booking.orderId,
    attended: booking.attended,
    name: activity.name,
    description: activity.description,
    category: { name: activity.category },
    price: toMoney(booking.price),
    date: venueDate(session.startsAt, zone),
    date_pretty: venueDatePretty(session.startsAt, zone),
    time: venueTime(session.startsAt, zone),
    venue: { id: venue.id, name: venue.name, slug: venue.slug },
    venue_name: venue.name,
    location_name: session.locationName,
    starts_at: { raw: session.startsAt.toISOString(), local: venueLocalIso(session.startsAt, zone) },
    ends_at: { raw: session.endsAt.toISOString(), local: venueLocalIso(session.endsAt, zone) },
    duration: formatDuration(session.startsAt, session.endsAt),
    can_be_cancelled: cancellable,
    cancellation_cut_off: {
      ...CANCELLATION_CUT_OFF,
      cutoff_at: {
        raw: cutoffAt.toISOString(),
        pretty: `${venueTime(cutoffAt, zone)} on ${venueDatePretty(cutoffAt, zone)}`,
      },
    },
    awards_credit: {
      can_be_awarded: canBeAwarded,
      message: canBeAwarded ? BOOKING_TEXTS.creditAwarded : BOOKING_TEXTS.noCredit,
    },
    is_v2_booking: venue.activitiesV2Enabled,
  };
}

/** Bookings with their session, activity and venue: what a booking card, a cancellation or a calendar event needs. */
export const selectBookingDetails = (db: DbOrTx) =>
  db
    .select({ booking: bookings, session: activitySessions, activity: activities, venue: venues })
    .from(bookings)
    .innerJoin(activitySessions, eq(activitySessions.id, bookings.activitySessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId));

/**
 * The customer's live (not cancelled) bookings. `startsAfter`: upcoming, soonest first;
 * `startsBefore`: past, most recent first; neither: all, in time order.
 */
export async function findBookings(db: DbOrTx, customerId: number, filter: BookingFilter, now: Date) {
  const past = filter.startsBefore !== undefined && filter.startsAfter === undefined;
  const rows = await selectBookingDetails(db)
    .where(
      and(
        eq(bookings.customerId, customerId),
        ne(bookings.status, 'cancelled'),
        filter.startsAfter ? gte(activitySessions.startsAt, filter.startsAfter) : undefined,
        filter.startsBefore ? lt(activitySessions.startsAt, filter.startsBefore) : undefined,
      ),
    )
    .orderBy(past ? desc(activitySessions.startsAt) : asc(activitySessions.startsAt), asc(bookings.id))
    .limit(500);
  return rows.map((row) => toBookingWire(row, now));
}

/**
 * GET /api/bookings/:bookingId/calendar.ics: the caller's live booking as one event ('Add to calendar'). Times are
 * UTC instants, so calendars show them in Europe/London (or wherever the member is) correctly across clock changes.
 */
export async function buildBookingCalendar(
  db: DbOrTx,
  input: { customerId: number; bookingId: number; clientName: string; uidDomain: string },
) {
  const [row] = await selectBookingDetails(db).where(
    and(
      eq(bookings.id, input.bookingId),
      eq(bookings.customerId, input.customerId),
      ne(bookings.status, 'cancelled'),
    ),
  );
  if (!row) throw notFound();
  return buildCalendar({
    prodId: '-//Fieldhouse//Bookings//EN',
    name: input.clientName,
    events: [
      {
        // The same UID as the order's calendar, so adding both keeps one event.
        uid: `booking-${row.booking.id}@${input.uidDomain}`,
        stamp: row.booking.createdAt,
        start: row.session.startsAt,
        end: row.session.endsAt,
        summary: row.activity.name,
        location: [row.venue.name, row.session.locationName].filter(Boolean).join(', '),
        description: `${input.clientName} booking${row.booking.orderId ? `, order ${row.booking.orderId}` : ''}`,
      },
    ],
  });
}
