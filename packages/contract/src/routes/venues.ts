import { type RouteTable, route } from '../call.ts';
import type { venueCalls } from '../venues.ts';

/** Methods and paths of the venues calls (decision 043); their schemas are `venueCalls`. */
type C = typeof venueCalls;

export const listVenues = route<C['listVenues']>('GET', '/api/venues');
export const listVenuePins = route<C['listVenuePins']>('GET', '/api/venue-pins');
export const getVenue = route<C['getVenue']>('GET', '/api/venues/:slug');

export const venueRoutes = { listVenues, listVenuePins, getVenue } satisfies RouteTable<C>;
