import { bookingCalls } from './bookings.ts';
import type { CallSchemas, Calls, Route } from './call.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { waitlistCalls } from './waitlist.ts';

/**
 * Every domain in the typed map of calls so far (decision 043), for the server: each domain's route table beside
 * its schemas. Calls not yet in the map are registered by their route files as before. A unit test checks that the
 * tables and the schemas agree.
 */
export const DOMAINS = {
  bookings: { routes: bookingRoutes, calls: bookingCalls },
  waitlist: { routes: waitlistRoutes, calls: waitlistCalls },
} as const satisfies Record<string, { routes: Record<string, Route>; calls: Calls }>;

/** Each declared route with its name and schemas. */
export const DECLARED = new Map<Route, { name: string; schemas: CallSchemas }>(
  Object.values(DOMAINS).flatMap(({ routes, calls }) =>
    Object.entries(routes).map(([name, route]) => [
      route as Route,
      { name, schemas: (calls as Calls)[name] as CallSchemas },
    ]),
  ),
);
