import { bookingCalls } from './bookings.ts';
import type { Calls } from './call.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { waitlistCalls } from './waitlist.ts';

/**
 * Every call declared in the typed map so far (decision 043), for the server: schemas by call name, and the route
 * tables. Names are unique across domains (a unit test checks). Calls not yet in the map are registered by their
 * route files as before.
 */
export const CALLS = { ...bookingCalls, ...waitlistCalls } as const satisfies Calls;
export type AllCalls = typeof CALLS;

export const ROUTE_TABLES = { bookings: bookingRoutes, waitlist: waitlistRoutes } as const;
export const DOMAIN_CALLS: Record<keyof typeof ROUTE_TABLES, Calls> = {
  bookings: bookingCalls,
  waitlist: waitlistCalls,
};
