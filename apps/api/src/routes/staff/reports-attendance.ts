import { ATTENDANCE_REPORT_TEXTS } from '@fieldhouse/contract/reports-attendance';
import { exportAttendanceReport, getAttendanceReport } from '@fieldhouse/contract/routes/reports-attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import {
  exportAttendanceCsv,
  findAttendanceReport,
  scopeReportVenues,
} from '../../services/reports/attendance.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff', 'reports'];

/**
 * The attendance and utilisation report (issue 37 item 5, decision 084) and its CSV: administrators and finance
 * staff for every venue, centre managers for theirs (another venue: 404); front desk 403.
 */
const staffReportsAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'finance', 'centre_manager']);

  const venuesFor = async (staff: AuthenticatedStaff, clientId: number, venueId?: number) => {
    const venueIds = await scopeReportVenues(app.db, {
      clientId,
      scope: venueScopeOf(staff).venueIds,
      venueId,
    });
    if (!venueIds) throw notFound(ATTENDANCE_REPORT_TEXTS.venueNotFound);
    return venueIds;
  };

  app.route({
    ...declared(getAttendanceReport, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const q = request.query;
      const venueIds = await venuesFor(request.staff!, client.id, q.venue_id);
      const data = await findAttendanceReport(app.db, {
        clientId: client.id,
        from: q.from,
        to: q.to,
        venueIds,
        venueId: q.venue_id ?? null,
        group: q.group,
        page: q.page,
        perPage: q.per_page,
      });
      return { data };
    },
  });

  app.route({
    ...declared(exportAttendanceReport, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const q = request.query;
      const venueIds = await venuesFor(request.staff!, client.id, q.venue_id);
      const { filename, csv } = await exportAttendanceCsv(app.db, {
        clientId: client.id,
        from: q.from,
        to: q.to,
        venueIds,
        group: q.group,
      });
      return sendCsv(reply, filename, csv);
    },
  });
};
export default staffReportsAttendanceRoutes;
