import type { creditCalls } from '../account-payments.ts';
import { type RouteTable, route } from '../call.ts';

/** Methods and paths of the credit calls (decision 043); their schemas are `creditCalls`. */
type C = typeof creditCalls;

export const getCreditBalance = route<C['getCreditBalance']>('GET', '/api/credits/user');
export const listCreditTransactions = route<C['listCreditTransactions']>(
  'GET',
  '/api/credits/user/credit-transactions',
);

export const creditRoutes = { getCreditBalance, listCreditTransactions } satisfies RouteTable<C>;
