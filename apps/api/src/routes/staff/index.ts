import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffDataExportRoutes } from '../members-data/export.ts';
import staffAdminRoutes from './admin.ts';
import staffApprovalRoutes from './approvals.ts';
import staffAuthRoutes from './auth.ts';
import staffCashUpRoutes, { staffCashUpReportRoutes } from './cash-up.ts';
import staffDeskRoutes from './desk.ts';
import staffDeskBasketRoutes from './desk-basket.ts';
import staffMemberErasureRoutes from './member-erasure.ts';
import staffMemberRoutes from './members.ts';
import staffProgrammeRoutes from './programme.ts';
import staffProgrammeChangeRoutes from './programme-changes.ts';
import staffRefundRoutes from './refunds.ts';
import staffRegisterRoutes from './registers.ts';
import staffReportRoutes from './reports.ts';
import staffReportsAttendanceRoutes from './reports-attendance.ts';
import staffReportVatRoutes from './reports-vat.ts';

/**
 * The staff console's API (/api/staff/…): each scope checks the staff session and role on every call. With the
 * console on its own host (ADMIN_URL) the API answers there only: on a member site's host every staff call,
 * logging in included, is absent (404), so a staff session cannot be made or used beside the member sites.
 */
const staffRoutes: FastifyPluginAsync = async (app) => {
  const adminUrl = app.config.adminUrl;
  if (adminUrl) {
    const consoleHost = new URL(adminUrl).host.toLowerCase();
    const consoleHostname = new URL(adminUrl).hostname.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      const host = (request.headers.host ?? '').toLowerCase();
      if (host !== consoleHost && host.replace(/:\d+$/, '') !== consoleHostname)
        return reply.code(404).send({ message: DEFAULT_ERROR_TEXTS.notFound });
    });
  }
  await app.register(staffAuthRoutes);
  await app.register(staffAdminRoutes);
  await app.register(staffApprovalRoutes);
  await app.register(staffDeskBasketRoutes);
  await app.register(staffDeskRoutes);
  await app.register(staffRegisterRoutes);
  await app.register(staffProgrammeRoutes);
  await app.register(staffProgrammeChangeRoutes);
  await app.register(staffMemberRoutes);
  await app.register(staffMemberErasureRoutes);
  await app.register(staffDataExportRoutes);
  await app.register(staffRefundRoutes);
  await app.register(staffReportRoutes);
  await app.register(staffCashUpRoutes);
  await app.register(staffCashUpReportRoutes);
  await app.register(staffReportVatRoutes);
  await app.register(staffReportsAttendanceRoutes);
};
export default staffRoutes;
