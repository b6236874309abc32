import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { FIELD_TEXTS, id, idParam, isCleanText } from './fields.ts';
import {
  CHECK_IN_OVERRIDE_MAX_LENGTH,
  CHECK_IN_REASON_CODES,
  type CheckInReasonCode,
  DESK_TEXTS,
} from './texts/staff-desk.ts';

export {
  CHECK_IN_BOOKING_EARLY_MINUTES,
  CHECK_IN_OVERRIDE_MAX_LENGTH,
  CHECK_IN_REASON_CODES,
  CHECK_IN_REASON_TEXTS,
  type CheckInReasonCode,
  DESK_TEXTS,
} from './texts/staff-desk.ts';

/**
 * The staff console's front desk (find a customer, their record, guest passes, check-in) and registers (a venue's
 * sessions of a day, who is booked, attended or not). All staff roles search and view every customer of the
 * operator (members visit other venues); redeeming, checking in and registers only at the staff member's venues.
 */

/** At most this many customers answer one search. */
export const DESK_SEARCH_LIMIT = 20;

const venueRef = z.object({ id, name: z.string() });
/** An instant where the venue is (Europe/London). */
const deskInstant = z.object({
  raw: z.string().describe('ISO 8601 instant'),
  local: z.string().describe("Venue-local ISO date-time without offset, e.g. '2026-10-25T09:30:00'"),
  pretty: z.string().describe("'D MMM YYYY at HH:mm', venue-local"),
});
export type DeskInstant = z.infer<typeof deskInstant>;

/** GET /api/staff/desk/customers?q= : name (first, last or both, partial), email, customer number or postcode. */
export const deskSearchQuery = z.object({
  q: z.string().trim().min(2, DESK_TEXTS.searchTooShort).max(100),
});
export const deskCustomerSummary = z.object({
  id,
  reference: z.string().describe('Customer no'),
  name: z.string(),
  email: z.string(),
  /** From the customer's latest direct-debit mandate, else their latest saved card's billing address. */
  postcode: z.string().nullable(),
  home_venue: venueRef.nullable(),
  /** Staff-only link to the profile photo, or null with none. */
  photo_url: z.string().nullable(),
});
export type DeskCustomerSummary = z.infer<typeof deskCustomerSummary>;
export const deskSearchReply = envelope(z.array(deskCustomerSummary));
/** /api/staff/desk/customers/:id/… */
export const deskCustomerParams = z.object({ id: idParam });

export const deskBooking = z.object({
  id,
  name: z.string().describe("The session's activity"),
  venue: venueRef,
  starts_at: deskInstant,
  status: z.string().describe('booked, attended, no_show or cancelled'),
  attended: z.boolean().nullable().describe('null until the register is marked'),
  places: z.number().int(),
});

/** GET /api/staff/desk/customers/:id : what the front desk needs to know about one customer. */
export const deskCustomer = z.object({
  customer: deskCustomerSummary.extend({
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    date_of_birth: z.string().nullable().describe('YYYY-MM-DD'),
    joined_at: deskInstant,
  }),
  memberships: z.array(
    z.object({
      id,
      reference: z.string(),
      name: z.string(),
      status: z.string(),
      status_info: z.string().nullable(),
      venue: z.string(),
      start_date: z.string().describe('YYYY-MM-DD'),
      start_date_pretty: z.string(),
      expires_at: z.string().nullable().describe('YYYY-MM-DD'),
      next_payment_date: z.string().nullable().describe('YYYY-MM-DD'),
    }),
  ),
  upcoming_bookings: z.array(deskBooking),
  recent_bookings: z.array(deskBooking),
  recent_orders: z.array(
    z.object({
      id,
      number: z.string().describe('Order number, as on the receipt'),
      reference: z.string().describe('Order reference (uuid), as on the receipt'),
      created_at: deskInstant,
      total: money,
      status: z.string(),
    }),
  ),
  credit: z.object({ general: money, membership: money, total: money }),
  unpaid_fees: z.array(
    z.object({
      id,
      type: z.string(),
      description: z.string(),
      amount: money,
      venue: z.string(),
      created_at: z.string(),
    }),
  ),
  unpaid_total: money,
  waivers: z.array(
    z.object({
      id,
      name: z.string(),
      attendee: z.string().nullable(),
      signed: z.string().describe("e.g. 'Sunday 25 October 2026'"),
      expires: z.string().nullable(),
    }),
  ),
  guest_passes: z.array(
    z.object({
      id,
      guest_name: z.string(),
      code: z.string(),
      status: z.enum(['issued', 'expired', 'redeemed']),
      valid_to: deskInstant,
      redeemed_at: deskInstant.nullable(),
      venue: venueRef,
    }),
  ),
  check_ins: z.array(z.object({ id, at: deskInstant, venue: venueRef, staff: z.string().nullable() })),
});
export type DeskCustomer = z.infer<typeof deskCustomer>;
export const deskCustomerReply = envelope(deskCustomer);

/** POST /api/staff/desk/guest-passes/redeem */
export const redeemGuestPassBody = z.object({
  code: z.string().trim().min(1, DESK_TEXTS.guestPassCodeRequired).max(40),
  /** The desk's venue, when given: a pass for another venue is refused (422). */
  venue_id: id.optional(),
});
export type RedeemGuestPassBody = z.infer<typeof redeemGuestPassBody>;
export const redeemedGuestPass = z.object({
  id,
  code: z.string(),
  guest_name: z.string(),
  guest_email: z.string(),
  status: z.literal('redeemed'),
  valid_to: deskInstant,
  redeemed_at: deskInstant,
  venue: venueRef,
  member: z.object({ id, reference: z.string(), name: z.string() }),
});
export const redeemGuestPassReply = envelope(redeemedGuestPass);

/** A reason the desk gives for refusing entry: its code and its en-GB text (CHECK_IN_REASON_TEXTS, filled in). */
export const checkInReason = z.object({
  code: z.enum(CHECK_IN_REASON_CODES as [CheckInReasonCode, ...CheckInReasonCode[]]),
  text: z.string(),
});
export type CheckInReason = z.infer<typeof checkInReason>;

/**
 * GET /api/staff/desk/customers/:id/check-in?venue_id= : whether the member may enter the desk's venue now, and why
 * not (nothing is written). Entry comes from a membership covering the venue today (started, not ended, not
 * frozen, its eligibility proof not expired) or a booked session there starting within
 * CHECK_IN_BOOKING_EARLY_MINUTES or under way; unpaid fees refuse entry when the operator blocks on them.
 */
export const checkInPreviewQuery = z.object({ venue_id: idParam });
export const checkInVerdict = z.object({
  allowed: z.boolean(),
  venue: venueRef,
  /** What lets them in (null when refused), e.g. 'Gym Monthly' or 'Spin at 10:30'. */
  entry: z.object({ kind: z.enum(['membership', 'booking']), description: z.string() }).nullable(),
  /** Why not (empty when allowed). */
  reasons: z.array(checkInReason),
});
export type CheckInVerdict = z.infer<typeof checkInVerdict>;
export const checkInPreviewReply = envelope(checkInVerdict);

/**
 * POST /api/staff/desk/customers/:id/check-in. The server decides again: a member it refuses is checked in only
 * with `override_reason` (409 without, the reasons under `errors` by code), and the override is audited.
 */
export const checkInBody = z.object({
  venue_id: id,
  override_reason: z
    .string()
    .trim()
    .min(1, DESK_TEXTS.checkInOverrideRequired)
    .max(CHECK_IN_OVERRIDE_MAX_LENGTH, DESK_TEXTS.checkInOverrideTooLong)
    .refine(isCleanText, FIELD_TEXTS.invalid('The reason'))
    .optional(),
});
export type CheckInBody = z.infer<typeof checkInBody>;
export const checkInReply = envelope(
  z.object({
    id,
    customer_id: id,
    at: deskInstant,
    venue: venueRef,
    staff: z.string(),
    allowed: z.boolean().describe("The desk's verdict when staff confirmed"),
    reasons: z.array(checkInReason),
    override_reason: z.string().nullable(),
  }),
);

/** GET /api/staff/registers?venue_id=&date= (default: the staff member's first venue, today there). */
export const registersQuery = z.object({
  venue_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DESK_TEXTS.dateFormat)
    .optional(),
});
export const registerSession = z.object({
  id,
  name: z.string(),
  category: z.string(),
  location: z.string(),
  starts_at: deskInstant,
  ends_at: deskInstant,
  capacity: z.number().int(),
  /** Places taken (a booking may take several). */
  booked_places: z.number().int(),
  bookings: z.number().int().describe('Live bookings'),
  attended: z.number().int().describe('Bookings marked attended'),
  unattended: z.number().int().describe('Bookings marked not attended'),
  cancellation_reason: z.string().nullable().optional().describe('Why it was cancelled (null: it was not)'),
});
export const registersReply = envelope(
  z.object({ venue: venueRef, date: z.string(), sessions: z.array(registerSession) }),
);

/** GET /api/staff/registers/:sessionId */
export const registerSessionParams = z.object({ sessionId: idParam });
export const registerEntry = z.object({
  booking_id: id,
  customer: z.object({ id, reference: z.string(), name: z.string() }),
  places: z.number().int(),
  attended: z.boolean().nullable(),
});
export const sessionRegisterReply = envelope(
  z.object({ session: registerSession.extend({ venue: venueRef }), bookings: z.array(registerEntry) }),
);

/** PUT /api/staff/registers/:sessionId/bookings/:bookingId */
export const registerBookingParams = z.object({ sessionId: idParam, bookingId: idParam });
export const attendanceBody = z.object({ attended: z.boolean() });
export const attendanceReply = envelope(registerEntry);

/** The front desk's and the registers' calls (decision 043); the desk basket's are in `staff-desk-basket.ts`. */
export const staffDeskCalls = {
  searchDeskCustomers: { query: deskSearchQuery, reply: deskSearchReply },
  getDeskCustomer: { params: deskCustomerParams, reply: deskCustomerReply },
  /** The customer's profile photo (no JSON reply). */
  deskCustomerPhoto: { params: deskCustomerParams },
  redeemDeskGuestPass: { body: redeemGuestPassBody, reply: redeemGuestPassReply },
  previewDeskCheckIn: { params: deskCustomerParams, query: checkInPreviewQuery, reply: checkInPreviewReply },
  deskCheckIn: { params: deskCustomerParams, body: checkInBody, reply: checkInReply, status: 201 },
  listStaffRegisters: { query: registersQuery, reply: registersReply },
  getStaffRegister: { params: registerSessionParams, reply: sessionRegisterReply },
  markStaffAttendance: { params: registerBookingParams, body: attendanceBody, reply: attendanceReply },
} as const satisfies Calls;
