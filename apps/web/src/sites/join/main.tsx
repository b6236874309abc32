import '../../lib/zod-jitless';
import { venuesPageQueryOptions } from '../../api/get-venues';
import { startSite } from '../../shell/start-site';
import { joinRoutes } from './routes';

// The first page of venues is what the site's first page shows (the centre list), and says whether there is only one.
startSite('join', joinRoutes, {
  prefetch: [(client) => client.prefetchQuery(venuesPageQueryOptions())],
});
