import { listDirectDebitMandates } from '@fieldhouse/contract/routes/account-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccountMandates } from '../../services/direct-debit/index.ts';
import { declared } from '../declared.ts';

/** Protected: the caller's direct-debit mandates and their status (payments page; decision 037). */
const accountDirectDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listDirectDebitMandates, { tags: ['payments'] }),
    handler: async (request) => ({
      data: { mandates: await findAccountMandates(app.db, request.customer!.id) },
    }),
  });
};
export default accountDirectDebitRoutes;
