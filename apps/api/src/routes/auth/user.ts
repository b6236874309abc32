import { userReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUser } from '../../services/users/user-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: registered inside the authenticated scope. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/user', { schema: { tags: ['auth'], response: { 200: userReply } } }, async (request) => {
    const client = await requireClient(app);
    return { data: await findUser(app.db, request.customer!.id, client, app.now()) };
  });
};
export default userRoutes;
