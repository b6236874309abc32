import type { ReportQuery } from '@fieldhouse/contract';
import { getTakingsCsv, getTakingsReport } from '@fieldhouse/contract/routes/staff-reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { resolveReportScope } from '../../services/reports/period.ts';
import { findTakings, takingsCsv } from '../../services/reports/takings.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * The console's reports (issue 37, decision 081): administrators and finance see every venue, centre managers
 * their own (another venue: 404), front desk staff nothing (403). Each report is one service function over the
 * period and venues `resolveReportScope` settles; its CSV twin (`….csv`) sends the same figures as a download.
 */
const staffReportRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'finance']);

  const scopeOf = async (request: FastifyRequest, query: ReportQuery) => {
    const client = await requireClient(app);
    return resolveReportScope(app.db, {
      query,
      scope: venueScopeOf(request.staff!),
      clientId: client.id,
      timeZone: client.timeZone,
    });
  };

  app.route({
    ...declared(getTakingsReport, { tags }),
    handler: async (request) => ({ data: await findTakings(app.db, await scopeOf(request, request.query)) }),
  });

  app.route({
    ...declared(getTakingsCsv, { tags }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request, request.query);
      const report = await findTakings(app.db, scope);
      return sendCsv(reply, `takings-${scope.from}-to-${scope.to}.csv`, takingsCsv(report));
    },
  });
};
export default staffReportRoutes;
