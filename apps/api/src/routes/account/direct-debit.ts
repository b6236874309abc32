import { accountDirectDebitReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccountMandates } from '../../services/direct-debit/index.ts';

/** Protected: the caller's direct-debit mandates and their status (payments page; decision 037). */
const accountDirectDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-account/direct-debit',
    { schema: { tags: ['payments'], response: { 200: accountDirectDebitReply } } },
    async (request) => ({ data: { mandates: await findAccountMandates(app.db, request.customer!.id) } }),
  );
};
export default accountDirectDebitRoutes;
