import { type RouteTable, route } from '../call.ts';
import type { geocodingCalls } from '../geocoding.ts';

/** Methods and paths of the geocoding calls (decision 043); their schemas are `geocodingCalls`. */
type C = typeof geocodingCalls;

export const searchPlaces = route<C['searchPlaces']>('GET', '/api/geocoding');

export const geocodingRoutes = { searchPlaces } satisfies RouteTable<C>;
