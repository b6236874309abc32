import { listAccountPackages } from '@fieldhouse/contract/routes/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCustomerPackages } from '../../services/packages/package-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the caller's packages (account-shell §2 /packages). */
const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listAccountPackages, { tags: ['account'] }),
    handler: async (request) => {
      const client = await requireClient(app);
      return {
        data: await findCustomerPackages(app.db, {
          customerId: request.customer!.id,
          timeZone: client.timeZone,
        }),
      };
    },
  });
};
export default packageRoutes;
