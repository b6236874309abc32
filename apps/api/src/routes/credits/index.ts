import { getCreditBalance, listCreditTransactions } from '@fieldhouse/contract/routes/credits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCreditBalanceWire, findCreditTransactions } from '../../services/credits/credit-service.ts';
import { declared } from '../declared.ts';
import { requireFeature } from '../request-helpers.ts';

const tags = ['payments'];

/**
 * Protected: the caller's credit. Only while the client's `credits` flag is on (404 otherwise, like the web
 * routes); checkout still spends credit the customer has whatever the flag.
 */
const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireFeature(app, 'credits'));

  app.route({
    ...declared(getCreditBalance, { tags }),
    handler: async (request) => ({
      data: await findCreditBalanceWire(app.db, request.customer!.id, app.now()),
    }),
  });

  app.route({
    ...declared(listCreditTransactions, { tags }),
    handler: async (request) => ({
      data: await findCreditTransactions(app.db, request.customer!.id, request.query.type, app.now()),
    }),
  });
};
export default creditRoutes;
