import type { FastifyPluginAsync } from 'fastify';
import packageRoutes from './account/packages.ts';
import penaltyRoutes from './account/penalties.ts';
import profilePhotoRoutes from './account/profile-photo.ts';
import receiptRoutes from './account/receipts.ts';
import savedCardRoutes from './account/saved-cards.ts';
import accountUserRoutes from './account/user.ts';
import waiverRoutes from './account/waivers.ts';
import userRoutes from './auth/user.ts';
import bookingRoutes from './bookings/index.ts';
import cartRoutes from './cart/index.ts';
import checkoutRoutes from './checkout/index.ts';
import creditRoutes from './credits/index.ts';
import guestPassRoutes from './guest-passes/index.ts';
import membershipManagementRoutes from './memberships/management.ts';
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
  await app.register(penaltyRoutes);
  await app.register(creditRoutes);
  await app.register(receiptRoutes);
  await app.register(guestPassRoutes);
  await app.register(accountUserRoutes);
  await app.register(membershipManagementRoutes);
  await app.register(packageRoutes);
  await app.register(profilePhotoRoutes);
  await app.register(waiverRoutes);
};
export default protectedRoutes;
