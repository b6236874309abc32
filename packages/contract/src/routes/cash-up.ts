import { type RouteTable, route } from '../call.ts';
import type { cashUpCalls } from '../cash-up.ts';

/** Methods and paths of the desk's cash-up (decision 083); their schemas are `cashUpCalls`. */
type C = typeof cashUpCalls;

export const listTills = route<C['listTills']>('GET', '/api/staff/tills');
export const createTill = route<C['createTill']>('POST', '/api/staff/tills');
export const updateTill = route<C['updateTill']>('PATCH', '/api/staff/tills/:id');
export const openTill = route<C['openTill']>('POST', '/api/staff/tills/:id/sessions');
export const getTillSession = route<C['getTillSession']>('GET', '/api/staff/till-sessions/:id');
export const closeTill = route<C['closeTill']>('POST', '/api/staff/till-sessions/:id/close');
export const adjustTillSession = route<C['adjustTillSession']>(
  'POST',
  '/api/staff/till-sessions/:id/adjustments',
);
export const closeCashUpDay = route<C['closeCashUpDay']>('POST', '/api/staff/cash-up/day-closes');
export const listCashUp = route<C['listCashUp']>('GET', '/api/staff/cash-up');
export const cashUpReport = route<C['cashUpReport']>('GET', '/api/staff/reports/cash-up');
export const cashUpReportCsv = route<C['cashUpReportCsv']>('GET', '/api/staff/reports/cash-up.csv');

export const cashUpRoutes = {
  listTills,
  createTill,
  updateTill,
  openTill,
  getTillSession,
  closeTill,
  adjustTillSession,
  closeCashUpDay,
  listCashUp,
  cashUpReport,
  cashUpReportCsv,
} satisfies RouteTable<C>;
