import type { FastifyPluginAsync } from 'fastify';
import savedCardRoutes from './account/saved-cards.ts';
import userRoutes from './auth/user.ts';
import bookingRoutes from './bookings/index.ts';
import cartRoutes from './cart/index.ts';
import checkoutRoutes from './checkout/index.ts';
import orderRoutes from './orders/index.ts';
import waitlistRoutes from './waitlist/index.ts';

/** Every route registered here needs a logged-in customer: one onRequest hook enforces it. */
const protectedRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(userRoutes);
  await app.register(bookingRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(orderRoutes);
  await app.register(waitlistRoutes);
  await app.register(savedCardRoutes);
};
export default protectedRoutes;
