import type { FastifyPluginAsync } from 'fastify';
import staffAdminRoutes from './admin.ts';
import staffApprovalRoutes from './approvals.ts';
import staffAuthRoutes from './auth.ts';
import staffDeskRoutes from './desk.ts';
import staffDeskBasketRoutes from './desk-basket.ts';
import staffRegisterRoutes from './registers.ts';

/** The staff console's API (/api/staff/…): each scope checks the staff session and role on every call. */
const staffRoutes: FastifyPluginAsync = async (app) => {
  await app.register(staffAuthRoutes);
  await app.register(staffAdminRoutes);
  await app.register(staffApprovalRoutes);
  await app.register(staffDeskBasketRoutes);
  await app.register(staffDeskRoutes);
  await app.register(staffRegisterRoutes);
};
export default staffRoutes;
