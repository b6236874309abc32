import { STAFF_TEXTS } from '@fieldhouse/contract';
import {
  decideStaffApproval,
  listStaffApprovals,
  staffApprovalFile,
} from '@fieldhouse/contract/routes/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { approvalFile, decideApproval, listApprovals } from '../../services/staff/approvals.ts';
import { declared } from '../declared.ts';
import { accountUrl } from '../request-helpers.ts';

const tags = ['staff'];
const scopeOf = venueScopeOf;

/** The approvals queue: administrators, and centre managers for their venues. */
const staffApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager']);

  app.route({
    ...declared(listStaffApprovals, { tags }),
    handler: async (request) => ({
      data: await listApprovals(app.db, scopeOf(request.staff!), request.query),
    }),
  });

  app.route({
    ...declared(staffApprovalFile, { tags }),
    handler: async (request, reply) => {
      const found = await approvalFile(
        app.db,
        scopeOf(request.staff!),
        request.params.kind,
        request.params.id,
      );
      const file = found ? await app.storage.get(found.key) : null;
      if (!found || !file) throw notFound(STAFF_TEXTS.notFound);
      const safeName = found.name.replace(/[^\w.\- ]/g, '_');
      if (file.size !== null) reply.header('content-length', file.size);
      // Shown in the browser (PDF or image) for staff to read; never cached, never sniffed.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });

  app.route({
    ...declared(decideStaffApproval, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const outcome = await decideApproval(app.db, {
        scope: scopeOf(staff),
        kind: request.params.kind,
        id: request.params.id,
        approve: request.body.decision === 'approve',
        reason: request.body.reason ?? null,
        actor: { staffId: staff.id, name: staff.name },
        now: app.now(),
        accountUrl: accountUrl(app, request),
      });
      if (outcome.kind === 'not_found') throw notFound(STAFF_TEXTS.notFound);
      if (outcome.kind === 'already_decided') throw new HttpError(409, STAFF_TEXTS.alreadyDecided);
      return { data: { status: outcome.status } };
    },
  });
};
export default staffApprovalRoutes;
