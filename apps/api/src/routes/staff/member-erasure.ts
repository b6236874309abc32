import { DESK_TEXTS } from '@fieldhouse/contract';
import { eraseStaffMember } from '@fieldhouse/contract/routes/member-erasure';
import { ERASURE_TEXTS } from '@fieldhouse/contract/texts/member-erasure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, HttpError, notFound } from '../../lib/http-errors.ts';
import { staffScope } from '../../plugins/app/staff-auth.ts';
import { eraseCustomer } from '../../services/members-data/erase.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * POST /api/staff/members/:id/erase (decision 073): an administrator erases a customer's personal data, typing the
 * customer's number as confirmation (422 when it is not theirs). 409 while obligations are outstanding (each under
 * its code in `errors`) or when already erased; other roles are refused (403) by the scope.
 */
const staffMemberErasureRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator']);

  app.route({
    ...declared(eraseStaffMember, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const staff = request.staff!;
      const outcome = await eraseCustomer(
        { db: app.db, storage: app.storage },
        {
          clientId: client.id,
          customerId: request.params.id,
          confirmation: request.body.confirmation,
          actor: { staffId: staff.id, name: staff.name },
          now: app.now(),
        },
      );
      switch (outcome.kind) {
        case 'not_found':
          throw notFound(DESK_TEXTS.customerNotFound);
        case 'wrong_confirmation':
          throw fieldError('confirmation', ERASURE_TEXTS.confirmationMismatch);
        case 'already_erased':
          throw new HttpError(409, ERASURE_TEXTS.alreadyErased, undefined, { code: 'already_erased' });
        case 'outstanding':
          throw new HttpError(
            409,
            ERASURE_TEXTS.refused.replace('{reasons}', outcome.reasons.map((r) => r.text).join('; ')),
            outcome.reasons.reduce<Record<string, string[]>>((byCode, r) => {
              byCode[r.code] = [...(byCode[r.code] ?? []), r.text];
              return byCode;
            }, {}),
            { code: 'outstanding_obligations' },
          );
        case 'erased':
          request.log.info({ customerId: outcome.id, files: outcome.filesDeleted }, 'customer erased');
          return {
            data: {
              id: outcome.id,
              reference: outcome.reference,
              message: ERASURE_TEXTS.erased(outcome.reference),
              files_deleted: outcome.filesDeleted,
            },
          };
      }
    },
  });
};
export default staffMemberErasureRoutes;
