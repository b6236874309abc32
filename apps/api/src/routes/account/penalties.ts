import { listPenalties } from '@fieldhouse/contract/routes/account-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUnpaidPenalties } from '../../services/penalties/penalty-service.ts';
import { declared } from '../declared.ts';

/** Protected: the caller's unpaid fees (paid through the basket as cart items of type 'penalty'). */
const penaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listPenalties, { tags: ['payments'] }),
    handler: async (request) => ({ data: await findUnpaidPenalties(app.db, request.customer!.id) }),
  });
};
export default penaltyRoutes;
