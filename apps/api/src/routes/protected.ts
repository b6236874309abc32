import type { FastifyPluginAsync } from 'fastify';
import userRoutes from './auth/user.ts';
import bookingRoutes from './bookings/index.ts';

/** Every route registered here needs a logged-in customer: one onRequest hook enforces it. */
const protectedRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(userRoutes);
  await app.register(bookingRoutes);
};
export default protectedRoutes;
