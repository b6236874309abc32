import '../../lib/zod-jitless';
import { venuesQueryOptions } from '../../api/get-venues';
import { startSite } from '../../shell/start-site';
import { joinRoutes } from './routes';

// The venue list is what the site's first page shows (the venue chooser / the centre list).
startSite('join', joinRoutes, {
  prefetch: [(client) => client.prefetchQuery(venuesQueryOptions)],
});
