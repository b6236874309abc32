import type { ReportQuery } from '@fieldhouse/contract';
import { exportVatSummary, getVatSummary } from '@fieldhouse/contract/routes/reports-vat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv, toCsv } from '../../lib/csv.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { resolveReportScope } from '../../services/reports/period.ts';
import { findVatSummary, vatSummaryCsvRows } from '../../services/reports/vat.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

type CsvRow = ReturnType<typeof vatSummaryCsvRows>[number];

/**
 * The VAT summary (issue 37 item 2, decision 082) and its CSV: administrators and finance (every venue), centre
 * managers (their venues; another venue answers 404); front desk staff get 403.
 */
const staffReportVatRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'finance', 'centre_manager']);

  const summaryOf = async (request: FastifyRequest, query: ReportQuery) => {
    const client = await requireClient(app);
    const scope = await resolveReportScope(app.db, {
      query,
      scope: venueScopeOf(request.staff!),
      clientId: client.id,
      timeZone: client.timeZone,
    });
    return findVatSummary(app.db, client.id, scope);
  };

  app.route({
    ...declared(getVatSummary, { tags }),
    handler: async (request) => ({ data: await summaryOf(request, request.query) }),
  });

  app.route({
    ...declared(exportVatSummary, { tags }),
    handler: async (request, reply) => {
      const summary = await summaryOf(request, request.query);
      const csv = toCsv<CsvRow>(
        [
          { header: 'VAT rate', kind: 'text', value: (r) => r.label },
          { header: 'Treatment', kind: 'text', value: (r) => r.treatment },
          { header: 'Rate %', kind: 'percent', value: (r) => r.rate },
          { header: 'Lines sold', kind: 'integer', value: (r) => r.salesLines },
          { header: 'Sales gross', kind: 'pounds', value: (r) => r.salesGross },
          { header: 'Sales VAT', kind: 'pounds', value: (r) => r.salesVat },
          { header: 'Sales net', kind: 'pounds', value: (r) => r.salesNet },
          { header: 'Refunds', kind: 'integer', value: (r) => r.refundCount },
          { header: 'Refunds gross', kind: 'pounds', value: (r) => r.refundGross },
          { header: 'Refunds VAT', kind: 'pounds', value: (r) => r.refundVat },
          { header: 'Refunds net', kind: 'pounds', value: (r) => r.refundNet },
          { header: 'Gross after refunds', kind: 'pounds', value: (r) => r.gross },
          { header: 'VAT after refunds', kind: 'pounds', value: (r) => r.vat },
          { header: 'Net after refunds', kind: 'pounds', value: (r) => r.net },
        ],
        vatSummaryCsvRows(summary),
      );
      const venue = summary.period.venue_id ? `-venue-${summary.period.venue_id}` : '';
      return sendCsv(reply, `vat-summary-${summary.period.from}-to-${summary.period.to}${venue}.csv`, csv);
    },
  });
};
export default staffReportVatRoutes;
