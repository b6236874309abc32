import { exportAttendanceReport, getAttendanceReport } from '@fieldhouse/contract/routes/reports-attendance';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { exportAttendanceCsv, findAttendanceReport } from '../../services/reports/attendance.ts';
import { resolveReportScope } from '../../services/reports/period.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * The attendance and utilisation report (issue 37 item 5, decision 084) and its CSV: administrators and finance
 * staff for every venue, centre managers for theirs (another venue: 404, by `resolveReportScope`); front desk 403.
 */
const staffReportsAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'finance', 'centre_manager']);

  const scopeOf = async (request: FastifyRequest, query: { from: string; to: string; venue_id?: number }) => {
    const client = await requireClient(app);
    const scope = await resolveReportScope(app.db, {
      query,
      scope: venueScopeOf(request.staff!),
      clientId: client.id,
      timeZone: client.timeZone,
    });
    return { clientId: client.id, scope };
  };

  app.route({
    ...declared(getAttendanceReport, { tags }),
    handler: async (request) => {
      const { group, page, per_page: perPage } = request.query;
      const data = await findAttendanceReport(app.db, {
        ...(await scopeOf(request, request.query)),
        group,
        page,
        perPage,
      });
      return { data };
    },
  });

  app.route({
    ...declared(exportAttendanceReport, { tags }),
    handler: async (request, reply) => {
      const { group } = request.query;
      const { filename, csv } = await exportAttendanceCsv(app.db, {
        ...(await scopeOf(request, request.query)),
        group,
      });
      return sendCsv(reply, filename, csv);
    },
  });
};
export default staffReportsAttendanceRoutes;
