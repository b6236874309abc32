import { startSite } from '../../shell/start-site';
import { bookingsRoutes } from './routes';

startSite('bookings', bookingsRoutes);
