import { creditBalanceReply, creditTransactionsQuery, creditTransactionsReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCreditBalanceWire, findCreditTransactions } from '../../services/credits/credit-service.ts';
import { requireFeature } from '../request-helpers.ts';

/**
 * Protected: the caller's credit. Only while the client's `credits` flag is on (404 otherwise, like the web
 * routes); checkout still spends credit the customer has whatever the flag.
 */
const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireFeature(app, 'credits'));

  app.get(
    '/api/credits/user',
    { schema: { tags: ['payments'], response: { 200: creditBalanceReply } } },
    async (request) => ({ data: await findCreditBalanceWire(app.db, request.customer!.id, app.now()) }),
  );

  app.get(
    '/api/credits/user/credit-transactions',
    {
      schema: {
        tags: ['payments'],
        querystring: creditTransactionsQuery,
        response: { 200: creditTransactionsReply },
      },
    },
    async (request) => ({
      data: await findCreditTransactions(app.db, request.customer!.id, request.query.type, app.now()),
    }),
  );
};
export default creditRoutes;
