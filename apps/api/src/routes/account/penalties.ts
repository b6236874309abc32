import { penaltiesReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUnpaidPenalties } from '../../services/penalties/penalty-service.ts';

/** Protected: the caller's unpaid fees (paid through the basket as cart items of type 'penalty'). */
const penaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/penalties',
    { schema: { tags: ['payments'], response: { 200: penaltiesReply } } },
    async (request) => ({ data: await findUnpaidPenalties(app.db, request.customer!.id) }),
  );
};
export default penaltyRoutes;
