import type { ReportQuery } from '@fieldhouse/contract';
import {
  getMembershipsCsv,
  getMembershipsReport,
  getTakingsCsv,
  getTakingsReport,
  getTodayReport,
} from '@fieldhouse/contract/routes/staff-reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { findMemberships, membershipsCsv } from '../../services/reports/memberships.ts';
import { resolveReportScope, resolveReportVenues } from '../../services/reports/period.ts';
import { findTakings, takingsCsv } from '../../services/reports/takings.ts';
import { findToday } from '../../services/reports/today.ts';
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

  app.route({
    ...declared(getMembershipsReport, { tags }),
    handler: async (request) => ({
      data: await findMemberships(app.db, await scopeOf(request, request.query)),
    }),
  });

  app.route({
    ...declared(getMembershipsCsv, { tags }),
    handler: async (request, reply) => {
      const scope = await scopeOf(request, request.query);
      const report = await findMemberships(app.db, scope);
      return sendCsv(reply, `memberships-${scope.from}-to-${scope.to}.csv`, membershipsCsv(report));
    },
  });

  app.route({
    ...declared(getTodayReport, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const venues = await resolveReportVenues(app.db, {
        clientId: client.id,
        scope: venueScopeOf(request.staff!),
        venueId: request.query.venue_id,
      });
      const data = await findToday(app.db, {
        scope: { timeZone: client.timeZone, ...venues },
        now: app.now(),
      });
      return { data };
    },
  });
};
export default staffReportRoutes;
