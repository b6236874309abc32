import { type RouteTable, route } from '../call.ts';
import type { reportVatCalls } from '../reports-vat.ts';

/** The VAT summary and its CSV (decision 082); schemas in `reportVatCalls`. */
type C = typeof reportVatCalls;

export const getVatSummary = route<C['getVatSummary']>('GET', '/api/staff/reports/vat');
export const exportVatSummary = route<C['exportVatSummary']>('GET', '/api/staff/reports/vat.csv');

export const reportVatRoutes = { getVatSummary, exportVatSummary } satisfies RouteTable<C>;
