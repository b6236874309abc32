import { packagesReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCustomerPackages } from '../../services/packages/package-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the caller's packages (account-shell §2 /packages). */
const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/promotions/user/packages',
    { schema: { tags: ['account'], response: { 200: packagesReply } } },
    async (request) => {
      const client = await requireClient(app);
      return {
        data: await findCustomerPackages(app.db, {
          customerId: request.customer!.id,
          timeZone: client.timeZone,
        }),
      };
    },
  );
};
export default packageRoutes;
