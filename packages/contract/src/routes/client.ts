import { type RouteTable, route } from '../call.ts';
import type { clientCalls } from '../client.ts';

/** Methods and paths of the client calls (decision 043); their schemas are `clientCalls`. */
type C = typeof clientCalls;

export const getClient = route<C['getClient']>('GET', '/api/client');
export const getFooter = route<C['getFooter']>('GET', '/api/activities/footer');

export const clientRoutes = { getClient, getFooter } satisfies RouteTable<C>;
