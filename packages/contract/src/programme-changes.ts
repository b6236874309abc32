import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';
import { cancelSessionBody } from './staff-programme.ts';

/**
 * Programme changes of more than one session, and moves (issue 35, items 1 and 2; decision 075): staff cancel every
 * session of a venue over a time range (a preview first), and move or change one session (start, location,
 * capacity); members booked on a large move keep their place or cancel it with a full refund from their mail.
 */
export const PROGRAMME_CHANGE_TEXTS = {
  venueNotFound: 'That venue was not found among your venues.',
  emptyRange:
    'There are no sessions in that range that have not started. Check the dates, times and filters.',
  rangeOrder: 'The end must be after the start.',
  rangeTooLong: 'A range can be at most 31 days.',
  localDateTime: 'Give a date and time (YYYY-MM-DDTHH:MM).',
  sessionNotFound: 'That session was not found at your venues.',
  cancelled: 'This session is cancelled: it can no longer be changed.',
  started: 'This session has already started: it can no longer be changed.',
  startInPast: 'The new start must be in the future.',
  nothingChanged: 'Change the start, the location or the capacity.',
  capacityBelowBooked: (booked: number) =>
    `${booked} ${booked === 1 ? 'place is' : 'places are'} booked: the capacity cannot be less than ${booked}.`,
  choiceNotFound: 'This link is not valid. Your booking is unchanged; see your bookings.',
  choiceUsed: 'This link has already been used. See your bookings for where things stand.',
  choiceStarted: 'This session has already started, so the link no longer works.',
  choiceBookingGone: 'This booking is already cancelled.',
} as const;

/** How many sessions one range request cancels; the console repeats the request while some remain. */
export const RANGE_CANCEL_BATCH = 25;

/** A wall-clock moment at the venue, 'YYYY-MM-DDTHH:MM' (the venue's time zone, Europe/London by default). */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, PROGRAMME_CHANGE_TEXTS.localDateTime);

const rangeFields = <T extends z.ZodType<number>>(idType: T) => ({
  venue_id: idType,
  /** From this moment (inclusive) to `to` (exclusive): the sessions that start in it. */
  from: localDateTime,
  to: localDateTime,
  /** Only this activity's sessions. */
  activity_id: idType.optional(),
  /** Only sessions in this location (area or room), as the timetable names it. */
  location_name: z.string().trim().min(1).max(200).optional(),
});
/** The range in a preview's query (the same fields as the cancel's body). */
export const sessionRangeQuery = z.object(rangeFields(idParam));
export const sessionRangeBody = z.object(rangeFields(id));
export type SessionRange = z.infer<typeof sessionRangeBody>;

export const rangeSession = z.object({
  id,
  activity_name: z.string(),
  location_name: z.string(),
  starts_at: z.string().describe('ISO instant'),
  /** 'HH:MM, Saturday 5 December' in the venue's time zone. */
  label: z.string(),
  booked_count: z.number().int(),
  bookings: z.number().int(),
  /** What the bookings paid, at most what goes back (membership and package sessions go back to their allowance). */
  paid: money,
  already_cancelled: z.boolean(),
});

export const sessionRangePreviewReply = envelope(
  z.object({
    venue_name: z.string(),
    sessions: z.array(rangeSession),
    to_cancel: z.number().int(),
    already_cancelled: z.number().int(),
    bookings: z.number().int(),
    paid: money,
    /** Activities and locations of the venue, for the filters. */
    activities: z.array(z.object({ id, name: z.string() })),
    locations: z.array(z.string()),
  }),
);

export const cancelSessionRangeBody = sessionRangeBody.extend({ reason: cancelSessionBody.shape.reason });
export type CancelSessionRangeBody = z.infer<typeof cancelSessionRangeBody>;

export const cancelSessionRangeReply = envelope(
  z.object({
    /** Cancelled by this request, each in its own transaction. */
    cancelled: z.array(
      z.object({
        session_id: id,
        label: z.string(),
        bookings_cancelled: z.number().int(),
        refunded: money,
        mails_queued: z.number().int(),
      }),
    ),
    /** Cancelled before this request (by staff, or an earlier batch). */
    already_cancelled: z.array(z.object({ session_id: id, label: z.string() })),
    /** Not cancelled: each with the reason (the others are not undone). */
    failed: z.array(z.object({ session_id: id, label: z.string(), message: z.string() })),
    /** Sessions of the range still to cancel: the console asks again while more than 0. */
    remaining: z.number().int(),
  }),
);

export const changeSessionParams = z.object({ id: idParam });
export const changeSessionBody = z.object({
  /** The new start at the venue ('YYYY-MM-DDTHH:MM'); the session keeps its length. */
  starts_at: localDateTime.optional(),
  location_name: z.string().trim().min(1, 'Give the location.').max(200).optional(),
  capacity: z
    .number()
    .int('Capacity is a whole number.')
    .min(1, 'Capacity is at least 1.')
    .max(10_000)
    .optional(),
  /** Told to members in their mail, e.g. 'The pool is closed for repairs in the morning.' */
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
});
export type ChangeSessionBody = z.infer<typeof changeSessionBody>;

export const changeSessionReply = envelope(
  z.object({
    session_id: id,
    starts_at: z.string().describe('ISO instant'),
    ends_at: z.string().describe('ISO instant'),
    location_name: z.string(),
    capacity: z.number().int(),
    booked_count: z.number().int(),
    /** The members booked were offered to keep the place or cancel with a full refund. */
    choice_offered: z.boolean(),
    mails_queued: z.number().int(),
  }),
);

export const sessionChoiceParams = z.object({ token: z.string().min(20).max(200) });

export const sessionChoiceReply = envelope(
  z.object({
    activity_name: z.string(),
    venue_name: z.string(),
    /** 'HH:MM, Saturday 5 December' before and after the move. */
    was: z.string(),
    now: z.string(),
    location_name: z.string(),
    /** What cancelling gives back, e.g. '£6.50 back to your card'. */
    price: money,
    /** null: still to choose. */
    choice: z.enum(['kept', 'cancelled']).nullable(),
  }),
);

export const makeSessionChoiceBody = z.object({ choice: z.enum(['keep', 'cancel']) });
export const makeSessionChoiceReply = envelope(
  z.object({
    choice: z.enum(['kept', 'cancelled']),
    /** Lines of what came back, as the mail says them (cancel only). */
    returned: z.array(z.string()),
  }),
);

export const programmeChangeCalls = {
  /** The sessions a range cancel would cancel, their bookings and money (administrators; centre managers). */
  previewSessionRange: { query: sessionRangeQuery, reply: sessionRangePreviewReply },
  /** Cancels the sessions of a range, each in its own transaction, a batch a request. */
  cancelSessionRange: { body: cancelSessionRangeBody, reply: cancelSessionRangeReply },
  /** Moves or changes one session that has not started; members booked are mailed. */
  changeStaffSession: { params: changeSessionParams, body: changeSessionBody, reply: changeSessionReply },
  /** A member's keep-or-cancel link after a large move: what it is about. */
  getSessionChoice: { params: sessionChoiceParams, reply: sessionChoiceReply },
  /** A member keeps the place or cancels it with a full refund; the link works once. */
  makeSessionChoice: {
    params: sessionChoiceParams,
    body: makeSessionChoiceBody,
    reply: makeSessionChoiceReply,
  },
} as const satisfies Calls;
