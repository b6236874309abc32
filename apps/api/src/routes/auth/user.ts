import { getUser } from '@fieldhouse/contract/routes/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUser } from '../../services/users/user-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: registered inside the authenticated scope. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getUser, { tags: ['auth'] }),
    handler: async (request) => {
      const client = await requireClient(app);
      return { data: await findUser(app.db, request.customer!.id, client, app.now()) };
    },
  });
};
export default userRoutes;
