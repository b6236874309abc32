import '../../lib/zod-jitless';
import { venueQueryOptions, venuesPageQueryOptions } from '../../api/get-venues';
import { startSite } from '../../shell/start-site';
import { bookingsRoutes } from './routes';

// A venue's timetable names its venue from the first paint; the site's other first pages show the venue chooser
// (its first page of venues).
const venueSlug = /^\/venues\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
startSite('bookings', bookingsRoutes, {
  prefetch: [
    (client) =>
      venueSlug
        ? client.prefetchQuery(venueQueryOptions(decodeURIComponent(venueSlug)))
        : client.prefetchQuery(venuesPageQueryOptions()),
  ],
});
