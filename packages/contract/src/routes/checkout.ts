import { type RouteTable, route } from '../call.ts';
import type { checkoutCalls } from '../checkout.ts';

/** Methods and paths of the checkout calls (decision 043); their schemas are `checkoutCalls`. */
type C = typeof checkoutCalls;

export const getTerms = route<C['getTerms']>('GET', '/api/terms');
export const completeCheckout = route<C['completeCheckout']>('POST', '/api/checkout/complete');
export const frontOfHouseCheckout = route<C['frontOfHouseCheckout']>('POST', '/api/pay');

export const checkoutRoutes = { getTerms, completeCheckout, frontOfHouseCheckout } satisfies RouteTable<C>;
