import { type RouteTable, route } from '../call.ts';
import type { joiningCalls } from '../joining.ts';

/** Methods and paths of the joining calls in the map so far (decision 043); their schemas are `joiningCalls`. */
type C = typeof joiningCalls;

export const getDataFields = route<C['getDataFields']>('GET', '/api/data-fields');

export const joiningRoutes = { getDataFields } satisfies RouteTable<C>;
