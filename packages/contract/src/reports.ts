import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';

/**
 * Reports in the staff console (issue 37, decisions 080 and 081). Every report takes the same query: a period of
 * venue-local calendar days, `from` to `to` inclusive (the operator's time zone, Europe/London), at most 366 days,
 * and optionally one venue. Administrators and finance see every venue; a centre manager sees their own venues
 * (another venue: 404 with `venueNotFound`); front desk staff get 403. Each report's CSV is the same call on its
 * `.csv` twin path (the same query), answered as a download.
 */
export const REPORT_TEXTS = {
  dateFormat: 'Give a date as YYYY-MM-DD.',
  fromRequired: 'Give the first day of the period.',
  toRequired: 'Give the last day of the period.',
  toBeforeFrom: 'The last day must be on or after the first day.',
  tooLong: 'A report covers at most 366 days: choose a shorter period.',
  venueNotFound: 'That venue is not one you work at',
} as const;

/** The longest period a report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether 'YYYY-MM-DD' names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both counted ('2026-10-01'..'2026-10-31' is 31). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const reportDate = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine((value) => isCalendarDate(value), REPORT_TEXTS.dateFormat);

/**
 * The fields every report's query has. Reports that take more (`page`, a grouping) spread these into their own
 * object and pass it through `checkPeriod`.
 */
export const reportQueryFields = {
  /** First venue-local day of the period (inclusive), YYYY-MM-DD. */
  from: reportDate(REPORT_TEXTS.fromRequired),
  /** Last venue-local day of the period (inclusive), YYYY-MM-DD. */
  to: reportDate(REPORT_TEXTS.toRequired),
  /** One venue; left out: every venue the staff member may see. */
  venue_id: idParam.optional(),
};

/** `to` on or after `from`, at most REPORT_MAX_DAYS days: 422 under `to` otherwise. */
export function checkPeriod<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
    const days = periodDays(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_TEXTS.toBeforeFrom });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_TEXTS.tooLong });
  });
}

/** GET /api/staff/reports/…?from=&to=&venue_id=: the query every report takes. */
export const reportQuery = checkPeriod(z.object(reportQueryFields));
export type ReportQuery = z.infer<typeof reportQuery>;

/** A venue as reports name it. */
export const reportVenue = z.object({ id, name: z.string() });
export type ReportVenue = z.infer<typeof reportVenue>;

/** What a report covers, echoed in every reply: the period, the operator's time zone and the venues counted. */
export const reportPeriod = z.object({
  from: z.string().describe('YYYY-MM-DD, venue-local, inclusive'),
  to: z.string().describe('YYYY-MM-DD, venue-local, inclusive'),
  time_zone: z.string().describe("The operator's time zone the days are counted in, e.g. Europe/London"),
  /** The venue asked for, or null: every venue the staff member may see. */
  venue_id: id.nullable(),
  /** The venues counted (one, or all the staff member may see), by name. */
  venues: z.array(reportVenue),
  /** Every venue the staff member may report on, by name: the venue filter's choices. */
  venue_options: z.array(reportVenue),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

/** A money figure of a report: integer pence with its display string (£1,234.50). */
export const reportMoney = money;

// ---------------------------------------------------------------------------------------------------------------
// Takings (issue 37 item 1)

/** How a member paid, as reports name it: payments.tender_type, with direct-debit collections beside them. */
export const TAKINGS_TENDERS = ['card', 'direct_debit', 'cash', 'cheque', 'voucher', 'credit'] as const;
export type TakingsTender = (typeof TAKINGS_TENDERS)[number];
export const TAKINGS_TENDER_LABELS: Record<TakingsTender, string> = {
  card: 'Card',
  direct_debit: 'Direct debit',
  cash: 'Cash',
  cheque: 'Cheque',
  voucher: 'Voucher',
  credit: 'Account credit',
};

/**
 * What was sold, as the issue names it, from order_items.kind (activity, membership, penalty, other). Packages and
 * guest passes are not sold through orders yet (they are given at the desk or by the catalogue): when they are,
 * their lines are 'other' until they get a kind of their own (decision 081).
 */
export const TAKINGS_PRODUCTS = ['sessions', 'memberships', 'fees', 'other'] as const;
export type TakingsProduct = (typeof TAKINGS_PRODUCTS)[number];
export const TAKINGS_PRODUCT_LABELS: Record<TakingsProduct, string> = {
  sessions: 'Sessions',
  memberships: 'Memberships',
  fees: 'Fees',
  other: 'Other',
};

/** Direct-debit collections by where they stand (DIRECT_DEBIT_PAYMENT_STATUSES grouped). */
export const COLLECTION_STATES = ['pending', 'paid', 'failed', 'charged_back'] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];
export const COLLECTION_STATE_LABELS: Record<CollectionState, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  charged_back: 'Charged back',
};

const tenderMoney = z.object(
  Object.fromEntries(TAKINGS_TENDERS.map((t) => [t, money])) as Record<TakingsTender, typeof money>,
);

/** Gross takings, refunds and what is left (net = gross − refunds). */
const takingsFigures = {
  gross: money,
  refunds: money,
  net: money,
};

/** How many activities the takings list (highest net first). */
export const TAKINGS_TOP_ACTIVITIES = 50;

export const takingsReply = envelope(
  z.object({
    period: reportPeriod,
    totals: z.object({
      ...takingsFigures,
      /**
       * Payments counted: each tender of an order (a basket paid £2.00 in credit and £3.00 by card is two) and each
       * paid direct-debit collection.
       */
      payments: z.number().int(),
      refunds_count: z.number().int(),
    }),
    /** Every day of the period (venue-local), with nothing taken as zero; net by tender. */
    by_day: z.array(z.object({ date: z.string(), ...takingsFigures, by_tender: tenderMoney })),
    by_venue: z.array(z.object({ venue_id: id, venue_name: z.string(), ...takingsFigures })),
    by_tender: z.array(z.object({ tender: z.enum(TAKINGS_TENDERS), label: z.string(), ...takingsFigures })),
    by_product: z.array(
      z.object({ product: z.enum(TAKINGS_PRODUCTS), label: z.string(), ...takingsFigures }),
    ),
    /**
     * Sessions' takings by activity (name and venue), highest net first: the first TAKINGS_TOP_ACTIVITIES (a large
     * operator sells thousands); `activity_count` says how many there were.
     */
    by_activity: z.array(
      z.object({ activity_id: id, activity_name: z.string(), venue_name: z.string(), ...takingsFigures }),
    ),
    activity_count: z.number().int(),
    /** Direct-debit collections due in the period (charge date), by where they stand. */
    collections: z.array(
      z.object({
        state: z.enum(COLLECTION_STATES),
        label: z.string(),
        count: z.number().int(),
        amount: money,
      }),
    ),
    /** Refunds made in the period, by where the money went. */
    refunds: z.array(
      z.object({
        destination: z.enum(['card', 'credit', 'cash']),
        label: z.string(),
        count: z.number().int(),
        amount: money,
        /** Card refunds the provider has not made yet (counted: the money is owed). */
        pending: money,
      }),
    ),
  }),
);
export type TakingsReport = z.infer<typeof takingsReply>['data'];

// ---------------------------------------------------------------------------------------------------------------
// Memberships (issue 37 item 6)

export const membershipsReply = envelope(
  z.object({
    period: reportPeriod,
    /** One row per calendar month the period touches (the period's first and last months may be partial). */
    by_month: z.array(
      z.object({
        /** YYYY-MM. */
        month: z.string(),
        /** The month's last day counted (the period's end when it ends within the month). */
        month_end: z.string(),
        active_at_start: z.number().int(),
        active_at_end: z.number().int(),
        joined: z.number().int(),
        cancelled: z.number().int(),
        frozen_at_end: z.number().int(),
        /** Monthly recurring revenue at month end: the live recurring memberships' monthly prices. */
        mrr: money,
        /** Cancelled in the month ÷ active at its start (0 to 1; null with none active at the start). */
        churn_rate: z.number().nullable(),
      }),
    ),
    /** Live memberships at the period's end by type and home venue. */
    by_type: z.array(
      z.object({
        membership_type_id: id,
        membership_type_name: z.string(),
        venue_id: id,
        venue_name: z.string(),
        members: z.number().int(),
        mrr: money,
      }),
    ),
  }),
);
export type MembershipsReport = z.infer<typeof membershipsReply>['data'];

// ---------------------------------------------------------------------------------------------------------------
// Today (issue 37 item 7): the managers' dashboard

export const todayQuery = z.object({ venue_id: idParam.optional() });

export const todayReply = envelope(
  z.object({
    /** Today, venue-local (YYYY-MM-DD). */
    date: z.string(),
    time_zone: z.string(),
    venues: z.array(reportVenue),
    takings: z.object({ gross: money, refunds: money, net: money, payments: z.number().int() }),
    check_ins: z.number().int(),
    sessions: z.number().int(),
    /** Places taken on today's sessions (not cancelled) and the places there were. */
    places_sold: z.number().int(),
    capacity: z.number().int(),
    new_members: z.number().int(),
  }),
);
export type TodayReport = z.infer<typeof todayReply>['data'];

export const reportCalls = {
  /** Takings for a period: by day, venue, tender, product and activity; refunds; direct-debit collections. */
  getTakingsReport: { query: reportQuery, reply: takingsReply },
  /** The same as CSV: one row per day, net takings by tender (no JSON reply: a download). */
  getTakingsCsv: { query: reportQuery },
  /** Memberships by month: active, joined, cancelled, frozen, monthly recurring revenue, churn; by type and venue. */
  getMembershipsReport: { query: reportQuery, reply: membershipsReply },
  /** The same as CSV: one row per month (a download). */
  getMembershipsCsv: { query: reportQuery },
  /** Today at a glance for managers: takings, check-ins, sessions and places, new members. */
  getTodayReport: { query: todayQuery, reply: todayReply },
} as const satisfies Calls;
