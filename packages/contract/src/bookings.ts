import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';

export { BOOKING_TEXTS } from './texts/bookings.ts';

export const BOOKING_STATUSES = ['booked', 'cancelled', 'attended', 'no_show'] as const;

/** Booking (account-shell §3). Times are venue-local (Europe/London by default). */
export const booking = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  order_id: z.number().int().nullable(),
  attended: z.boolean().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.object({ name: z.string() }),
  price: money,
  date: z.string().describe('Venue-local date, YYYY-MM-DD'),
  date_pretty: z.string().describe('e.g. Monday 23 November 2026'),
  time: z.string().describe('Start time, 24-hour HH:mm'),
  venue: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  venue_name: z.string(),
  location_name: z.string(),
  starts_at: z.object({ raw: z.string(), local: z.string() }),
  ends_at: z.object({ raw: z.string(), local: z.string() }),
  duration: z.string().describe("e.g. '45min'; default text '90min'"),
  can_be_cancelled: z.boolean(),
  cancellation_cut_off: z.object({
    cutoff_action: z.string(),
    cutoff_message: z.string(),
    /** The last moment the booking can be cancelled online (the activity's cut-off before it starts). */
    cutoff_at: z.object({
      raw: z.string(),
      pretty: z.string().describe("Venue-local, e.g. '16:00 on Sunday 25 October 2026'"),
    }),
  }),
  awards_credit: z.object({ can_be_awarded: z.boolean(), message: z.string() }),
  is_v2_booking: z.boolean(),
});
export type Booking = z.infer<typeof booking>;

export const bookingsQuery = z.object({
  user_id: idParam.optional(),
  starts_after: z.iso.datetime({ offset: true }).optional(),
  starts_before: z.iso.datetime({ offset: true }).optional(),
  cancellation_source: z.literal('my-account').optional(),
  /** The spec's GET bookings: 'future' (from now, soonest first) or 'past' (before now, most recent first). */
  filter: z.enum(['future', 'past']).optional(),
});
export const bookingsReply = envelope(z.array(booking));

export const CANCELLATION_SOURCES = ['my-account', 'kiosk', 'front-of-house'] as const;

/** PATCH /api/v1/activities/bookings (V2 cancellation). */
export const cancelBookingsBody = z.object({
  data: z.object({
    cancellation_source: z.enum(CANCELLATION_SOURCES),
    update_type: z.literal('cancellation'),
    booking_ids: z.array(id).min(1).max(20),
  }),
});
/** DELETE /api/activities/bookings/:bookingId?source=my-account (V1 cancellation). */
export const bookingParams = z.object({ bookingId: idParam });
export const cancelBookingQuery = z.object({ source: z.enum(CANCELLATION_SOURCES).default('my-account') });
export const cancelBookingsReply = envelope(
  z.object({
    bookings: z.array(booking),
    credit_awarded: money.describe('Booking credit added for these cancellations (0 when none)'),
  }),
);

/** The bookings calls' schemas (decision 043); their methods and paths are in routes/bookings.ts. */
export const bookingCalls = {
  /** The spec's `GET bookings` (`filter` future or past). */
  listBookings: { query: bookingsQuery, reply: bookingsReply },
  /** The same list on the activities API's path, which the account site calls. */
  listActivityBookings: { query: bookingsQuery, reply: bookingsReply },
  /** 'Add to calendar': one booking as an iCalendar file (no JSON reply). */
  bookingCalendar: { params: bookingParams },
  cancelBookings: { body: cancelBookingsBody, reply: cancelBookingsReply },
  cancelBooking: { params: bookingParams, query: cancelBookingQuery, reply: cancelBookingsReply },
} as const satisfies Calls;
