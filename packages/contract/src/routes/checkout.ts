import { type RouteTable, route } from '../call.ts';
import type { checkoutCalls } from '../checkout.ts';

/** Methods and paths of the checkout calls in the map so far (decision 043); their schemas are `checkoutCalls`. */
type C = typeof checkoutCalls;

export const getTerms = route<C['getTerms']>('GET', '/api/terms');

export const checkoutRoutes = { getTerms } satisfies RouteTable<C>;
