import '../../lib/zod-jitless';
import { startSite } from '../../shell/start-site';
import { accountRoutes } from './routes';

startSite('account', accountRoutes);
