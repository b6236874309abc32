import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { id, idParam } from './fields.ts';
import { VAT_TREATMENTS } from './vat.ts';

/**
 * The VAT summary (issue 37 item 2, decision 082): for a period of venue-local days, the sales, refunds and what is
 * left of them, by VAT treatment and rate, each as gross (what members paid, VAT included), VAT and net. A sale
 * counts on its order's day, a refund on the day it was given; a refund's VAT is its line's rate on the amount given
 * back. Administrators and finance see every venue; a centre manager their venues (another venue: 404); front desk
 * 403. `GET /api/staff/reports/vat.csv` answers the same query as a spreadsheet.
 */
export const VAT_REPORT_TEXTS = {
  dateFormat: 'Give a date as YYYY-MM-DD.',
  fromRequired: 'Give the first day of the period.',
  toRequired: 'Give the last day of the period.',
  toBeforeFrom: 'The last day must be on or after the first day.',
  tooLong: 'A report covers at most 366 days: choose a shorter period.',
  venueNotFound: 'That venue is not one you work at',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};
const day = (required: string) =>
  z.string(required).trim().min(1, required).refine(isDay, VAT_REPORT_TEXTS.dateFormat);

/** The period (first and last venue-local day, inclusive, at most 366 days) and optionally one venue. */
export const vatReportQuery = z
  .object({
    from: day(VAT_REPORT_TEXTS.fromRequired),
    to: day(VAT_REPORT_TEXTS.toRequired),
    venue_id: idParam.optional(),
  })
  .superRefine((q, ctx) => {
    if (!isDay(q.from) || !isDay(q.to)) return;
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: VAT_REPORT_TEXTS.toBeforeFrom });
    else if (days > 366) ctx.addIssue({ code: 'custom', path: ['to'], message: VAT_REPORT_TEXTS.tooLong });
  });
export type VatReportQuery = z.infer<typeof vatReportQuery>;

const venue = z.object({ id, name: z.string() });

/** Gross, VAT and net of some lines (gross = net + VAT). */
const vatFigures = z.object({ gross: money, vat: money, net: money });

export const vatSummaryRow = z.object({
  treatment: z.enum(VAT_TREATMENTS),
  /** 'Standard 20%', 'Reduced 5%', 'Zero 0%', 'Exempt'. */
  label: z.string(),
  rate: z.number().int().describe('Basis points: 2000 is 20%'),
  sales: vatFigures.extend({ lines: z.number().int().describe('Order lines sold') }),
  refunds: vatFigures.extend({ count: z.number().int().describe('Refunds given') }),
  /** Sales less refunds. */
  net_of_refunds: vatFigures,
});
export type VatSummaryRow = z.infer<typeof vatSummaryRow>;

export const vatSummary = z.object({
  period: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    venue_id: id.nullable(),
    /** The venues counted; venue_options: every venue the staff member may choose. */
    venues: z.array(venue),
    venue_options: z.array(venue),
  }),
  /** The operator's VAT registration number, when registered. */
  vat_number: z.string().nullable(),
  rows: z.array(vatSummaryRow),
  totals: vatSummaryRow.pick({ sales: true, refunds: true, net_of_refunds: true }),
});
export type VatSummary = z.infer<typeof vatSummary>;

export const reportVatCalls = {
  getVatSummary: { query: vatReportQuery, reply: envelope(vatSummary) },
  exportVatSummary: { query: vatReportQuery },
} as const satisfies Calls;
