import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money, pageFields, pagination } from './common.ts';
import { id, idParam, PG_INTEGER_MAX } from './fields.ts';

/**
 * Cash-up at the desk (issue 37 item 3, decision 083): tills (named cash drawers per venue), a till session per shift
 * (a float, then a count of cash, cheques and vouchers against what the system expects), adjustments to a closed
 * session, a venue's day close, and the cash-up report (per venue and day, per till session) with its CSV.
 */
export const CASH_UP_TENDERS = ['cash', 'cheque', 'offline-voucher'] as const;
export type CashUpTender = (typeof CASH_UP_TENDERS)[number];
export const CASH_UP_TENDER_NAMES: Record<CashUpTender, string> = {
  cash: 'Cash',
  cheque: 'Cheques',
  'offline-voucher': 'Vouchers',
};
/** Notes and coins a drawer is counted in, in pence: £50 … 1p. */
export const DENOMINATIONS = [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** A variance (of any tender) larger than this, either way, needs a note (pence: £5.00). */
export const VARIANCE_NOTE_THRESHOLD = 500;
/** The cash-up report's and history's days per page. */
export const CASH_UP_DAYS_PER_PAGE = 14;

export const CASH_UP_TEXTS = {
  tillNotFound: 'That till is not one at your venues.',
  sessionNotFound: 'That till session is not one at your venues.',
  nameRequired: 'Enter a name for the till.',
  nameTaken: 'There is already a till with that name at this venue.',
  tillArchived: 'That till is archived.',
  tillOpen: (till: string) => `${till} is open. Close it before archiving it.`,
  alreadyOpen: (till: string) => `${till} is already open.`,
  alreadyClosed: 'This till session is closed and cannot be changed. Correct it with an adjustment.',
  dayClosed: (day: string) => `The cash-up of ${day} is closed and cannot be changed.`,
  dayAlreadyClosed: (day: string) => `The cash-up of ${day} is already closed.`,
  dayHasOpenTills: (tills: string) => `Close every till of that day first (still open: ${tills}).`,
  dayInFuture: 'A day can be closed once it has begun.',
  noteRequired: (threshold: string) => `Add a note: a variance is more than ${threshold}.`,
  denominationsMismatch: (total: string) => `The notes and coins add up to ${total}.`,
  reasonRequired: 'Give a reason for the adjustment.',
  amountNonZero: 'Enter an amount other than £0.00.',
  tillNotAtSale: (venue: string) => `Choose a till at ${venue}.`,
  tillNotOpen: (till: string) =>
    `${till} is not open. Open it on the cash-up page, or take the payment without a till.`,
  rangeOrder: 'The end date must be on or after the start date.',
  rangeTooLong: 'Choose at most 366 days.',
  opened: (till: string) => `${till} is open.`,
  closed: (till: string) => `${till} is closed.`,
  adjusted: 'Adjustment recorded.',
  dayClosedDone: (day: string) => `The cash-up of ${day} is closed.`,
} as const;

const pence = z
  .number('Enter an amount in pounds and pence, e.g. 12.50.')
  .int('Enter an amount in pounds and pence, e.g. 12.50.')
  .min(0, 'Enter an amount of £0.00 or more.')
  .max(PG_INTEGER_MAX, 'That amount is too large.');
const count = z.number().int().min(0).max(100_000);
const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const tillName = z
  .string()
  .trim()
  .min(1, CASH_UP_TEXTS.nameRequired)
  .max(60, 'Use at most 60 characters.');

/** What a till session shows: its figures by tender (pence as money). */
/** Figures by tender: cash, cheques, vouchers (the desk's 'offline-voucher'). */
export const tenderFigures = z.object({ cash: money, cheque: money, voucher: money });
export type TenderFigures = z.infer<typeof tenderFigures>;

export const tillAdjustment = z.object({
  id,
  tender: z.enum(CASH_UP_TENDERS),
  amount: money.describe('Added to what was counted; negative takes away'),
  reason: z.string(),
  staff_name: z.string(),
  created_at: z.string().describe('Venue-local, e.g. 1 December 2026 at 18:05'),
});

export const tillSession = z.object({
  id,
  till_id: id,
  till_name: z.string(),
  venue_id: id,
  business_date: z.string().describe('The venue-local day whose cash-up it is, YYYY-MM-DD'),
  status: z.enum(['open', 'closed']),
  float: money,
  opened_by: z.string(),
  opened_at: z.string(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Taken through this till (payments), and cash refunded from it. */
  taken: tenderFigures,
  refunded_cash: money,
  /** Float + cash taken − cash refunded; cheques and vouchers taken (frozen at close). */
  expected: tenderFigures,
  counted: tenderFigures.nullable(),
  cheque_count: z.number().int().nullable(),
  voucher_count: z.number().int().nullable(),
  denominations: z.array(z.object({ value: z.number().int(), count: z.number().int() })).nullable(),
  /** Counted − expected, as recorded at close. */
  variance: tenderFigures.nullable(),
  adjustments: z.array(tillAdjustment),
  /** Counted + adjustments − expected. */
  adjusted_variance: tenderFigures.nullable(),
  note: z.string().nullable(),
});
export type TillSession = z.infer<typeof tillSession>;

export const till = z.object({
  id,
  venue_id: id,
  venue_name: z.string(),
  name: z.string(),
  archived: z.boolean(),
  open_session: tillSession.nullable(),
});
export type Till = z.infer<typeof till>;

/** GET /api/staff/tills?venue_id= : a venue's tills (archived ones last). */
export const tillsQuery = z.object({ venue_id: idParam });
export const tillsReply = envelope(
  z.object({
    tills: z.array(till),
    /** Whether this staff member may add, rename and archive tills, adjust sessions and close days. */
    may_manage: z.boolean(),
    today: z.string().describe("The venue's day now, YYYY-MM-DD"),
    today_closed: z.boolean(),
  }),
);
export const createTillBody = z.object({ venue_id: id, name: tillName });
export const tillParams = z.object({ id: idParam });
export const updateTillBody = z
  .object({ name: tillName.optional(), archived: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.archived !== undefined, 'Change the name or archive the till.');
export const tillReply = envelope(till);

export const openTillBody = z.object({ float: pence });
export const tillSessionParams = z.object({ id: idParam });
export const tillSessionReply = envelope(z.object({ session: tillSession, message: z.string() }));

export const closeTillBody = z.object({
  cash: pence,
  /** Optional: the cash by denomination (pence value and how many); it must add up to `cash`. */
  denominations: z
    .array(
      z.object({
        value: z
          .number()
          .int()
          .refine(
            (v) => (DENOMINATIONS as readonly number[]).includes(v),
            'Choose a note or coin from £50 to 1p.',
          ),
        count,
      }),
    )
    .max(DENOMINATIONS.length)
    .optional(),
  cheques: pence.default(0),
  cheque_count: count.default(0),
  vouchers: pence.default(0),
  voucher_count: count.default(0),
  note: z.string().trim().max(1000, 'Use at most 1000 characters.').optional(),
});
export type CloseTillBody = z.input<typeof closeTillBody>;

export const adjustTillBody = z.object({
  tender: z.enum(CASH_UP_TENDERS),
  amount: z
    .number()
    .int()
    .min(-PG_INTEGER_MAX)
    .max(PG_INTEGER_MAX)
    .refine((n) => n !== 0, CASH_UP_TEXTS.amountNonZero)
    .describe('Pence added to what was counted; negative takes away'),
  reason: z.string().trim().min(3, CASH_UP_TEXTS.reasonRequired).max(500, 'Use at most 500 characters.'),
});

export const closeDayBody = z.object({ venue_id: id, date: isoDate });
export const closeDayReply = envelope(
  z.object({
    venue_id: id,
    date: z.string(),
    closed_by: z.string(),
    closed_at: z.string(),
    message: z.string(),
  }),
);

/** A venue's day in the cash-up: its till sessions, what the desk took without a till, and whether it is closed. */
export const cashUpDay = z.object({
  venue_id: id,
  venue_name: z.string(),
  date: z.string().describe('YYYY-MM-DD, venue-local'),
  closed: z.object({ by: z.string(), at: z.string() }).nullable(),
  sessions: z.array(tillSession),
  /** Desk payments and cash refunds with no till ('No till'): taken, and cash handed back. */
  no_till: z.object({ taken: tenderFigures, refunded_cash: money, orders: z.number().int() }),
});
export type CashUpDay = z.infer<typeof cashUpDay>;

/**
 * GET /api/staff/cash-up (the desk's history of one venue) and GET /api/staff/reports/cash-up (every venue in scope,
 * or one): days from `from` to `to` (venue-local, at most 366; default the last 30 days), newest first, paged by day.
 */
export const cashUpQuery = z.object({
  venue_id: idParam.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageFields(CASH_UP_DAYS_PER_PAGE, 62),
});
export const cashUpReply = envelope(
  z.object({
    from: z.string(),
    to: z.string(),
    /** The venues the caller may see (the report's venue filter). */
    venues: z.array(z.object({ id, name: z.string() })),
    days: z.array(cashUpDay),
    pagination,
  }),
);

export const cashUpCalls = {
  listTills: { query: tillsQuery, reply: tillsReply },
  createTill: { body: createTillBody, reply: tillReply, status: 201 },
  updateTill: { params: tillParams, body: updateTillBody, reply: tillReply },
  openTill: { params: tillParams, body: openTillBody, reply: tillSessionReply, status: 201 },
  getTillSession: { params: tillSessionParams, reply: tillSessionReply },
  closeTill: { params: tillSessionParams, body: closeTillBody, reply: tillSessionReply },
  adjustTillSession: {
    params: tillSessionParams,
    body: adjustTillBody,
    reply: tillSessionReply,
    status: 201,
  },
  closeCashUpDay: { body: closeDayBody, reply: closeDayReply, status: 201 },
  listCashUp: { query: cashUpQuery, reply: cashUpReply },
  cashUpReport: { query: cashUpQuery, reply: cashUpReply },
  /** The report as CSV (one row per till session and per venue-day's 'No till'). */
  cashUpReportCsv: { query: cashUpQuery },
} as const satisfies Calls;
