import { startSite } from '../../shell/start-site';
import { joinRoutes } from './routes';

startSite('join', joinRoutes);
