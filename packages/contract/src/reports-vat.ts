import { z } from 'zod';
import type { Calls } from './call.ts';
import { envelope, money } from './common.ts';
import { reportPeriod, reportQuery } from './reports.ts';
import { VAT_TREATMENTS } from './vat.ts';

/**
 * The VAT summary (issue 37 item 2, decision 082): for a period of venue-local days, the sales, refunds and what is
 * left of them, by VAT treatment and rate, each as gross (what members paid, VAT included), VAT and net. A sale
 * counts on its order's day, a refund on the day it was given; a refund's VAT is its line's rate on the amount given
 * back. The query is every report's (`reportQuery`); administrators and finance see every venue, a centre manager
 * their venues (another venue: 404), front desk 403. `GET /api/staff/reports/vat.csv` answers the same query as a spreadsheet.
 */
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
  period: reportPeriod,
  /** The operator's VAT registration number, when registered. */
  vat_number: z.string().nullable(),
  rows: z.array(vatSummaryRow),
  totals: vatSummaryRow.pick({ sales: true, refunds: true, net_of_refunds: true }),
});
export type VatSummary = z.infer<typeof vatSummary>;

export const reportVatCalls = {
  getVatSummary: { query: reportQuery, reply: envelope(vatSummary) },
  exportVatSummary: { query: reportQuery },
} as const satisfies Calls;
