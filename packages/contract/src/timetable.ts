import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { idParam } from './fields.ts';
import { venueParams } from './venues.ts';

/**
 * What a customer can do with a session right now (issue: timetable states). The timetable is the same for every
 * caller (a guest's states); a logged-in member's own states come from `getMyTimetable` (decision 061).
 * - bookable: places left and released; `in_basket` says whether it is already in the basket.
 * - full: no places left; the customer may join the waitlist (or is on it: `waitlist_position`).
 * - not_released: beyond the venue's booking window; `releases_at` says when it opens.
 * - started: already started (or finished); nothing can be done.
 * - booked: the logged-in customer already holds a place (only in `getMyTimetable` and `getSession`).
 * - cancelled: off sale (staff cancelled it, or the timetable no longer runs it); `cancellation_reason` says why.
 */
export const SESSION_STATES = ['bookable', 'full', 'not_released', 'started', 'booked', 'cancelled'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

const localTime = z.object({
  raw: z.string().describe('ISO 8601 instant in UTC'),
  local: z.string().describe('Venue-local ISO date-time without offset, e.g. 2026-11-23T07:00:00'),
  date: z.string().describe('Venue-local date YYYY-MM-DD'),
  time: z.string().describe('Venue-local 24-hour HH:mm'),
});

/** One bookable occurrence of an activity (a class, a swim, a court slot). */
export const activitySession = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.object({ name: z.string() }),
  location_name: z.string(),
  venue: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  starts_at: localTime,
  ends_at: localTime,
  duration: z.string().describe("e.g. '45min'"),
  duration_minutes: z.number().int(),
  price: money,
  capacity: z.number().int(),
  places_left: z.number().int(),
  state: z.enum(SESSION_STATES),
  releases_at: z.string().nullable().describe('ISO instant when a not_released session opens for booking'),
  in_basket: z.boolean(),
  waitlist_position: z.number().int().nullable().describe('1-based position when the customer is waiting'),
  waitlist_entry_id: z.number().int().nullable(),
  requires_waiver: z.boolean(),
  cancellation_reason: z.string().nullable().optional().describe('Why a cancelled session is off sale'),
});
export type ActivitySession = z.infer<typeof activitySession>;

/** GET /api/venues/:slug/sessions?from=YYYY-MM-DD&to=YYYY-MM-DD&category=Name (venue-local dates, at most 14 days). */
export const timetableQuery = z.object({
  from: z.iso.date('Date must be valid.').optional(),
  to: z.iso.date('Date must be valid.').optional(),
  category: z.string().max(100).optional(),
});
export const timetableReply = envelope(
  z.object({
    venue: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), time_zone: z.string() }),
    from: z.string(),
    to: z.string(),
    booking_window_days: z.number().int(),
    categories: z.array(z.string()).describe('Every category the venue offers in the range, for the filter'),
    sessions: z.array(activitySession).describe('Ordered by start time'),
  }),
);
/**
 * GET /api/venues/:slug/sessions/mine?from&to: the member's own facts over the same range as the timetable, only
 * for the sessions where they have something (a live booking, a basket line, a waitlist place). The web lays them
 * over the shared timetable by id.
 */
export const mySessionFacts = activitySession.pick({
  id: true,
  state: true,
  releases_at: true,
  in_basket: true,
  waitlist_position: true,
  waitlist_entry_id: true,
});
export type MySessionFacts = z.infer<typeof mySessionFacts>;
export const myTimetableQuery = timetableQuery.pick({ from: true, to: true });
export const myTimetableReply = envelope(
  z.object({
    from: z.string(),
    to: z.string(),
    sessions: z
      .array(mySessionFacts)
      .describe(
        "Ordered by start time; only the sessions with the member's booking, basket line or waitlist place",
      ),
  }),
);
export const sessionParams = z.object({ id: idParam });
/** GET /api/sessions/:id */
export const sessionReply = envelope(activitySession);
export const TIMETABLE_MAX_DAYS = 14;

export const timetableCalls = {
  /** One venue's timetable, the same for every caller (a guest's states; shared, with an ETag). */
  getTimetable: { params: venueParams, query: timetableQuery, reply: timetableReply },
  /** The logged-in member's own facts over a timetable range (members only). */
  getMyTimetable: { params: venueParams, query: myTimetableQuery, reply: myTimetableReply },
  getSession: { params: sessionParams, reply: sessionReply },
} as const satisfies Calls;
