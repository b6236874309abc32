import { type RouteTable, route } from '../call.ts';
import type { membershipPurchaseCalls } from '../membership-purchase.ts';

/** Methods and paths of the membership purchase calls (decision 043); their schemas are `membershipPurchaseCalls`. */
type C = typeof membershipPurchaseCalls;

export const submitMembership = route<C['submitMembership']>('POST', '/api/memberships');
export const getDirectDebitProvider = route<C['getDirectDebitProvider']>('GET', '/api/direct-debit/provider');

export const membershipPurchaseRoutes = { submitMembership, getDirectDebitProvider } satisfies RouteTable<C>;
