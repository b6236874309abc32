import { WAITLIST_TEXTS } from '@fieldhouse/contract';
import { waitlistRoutes } from '@fieldhouse/contract/routes/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findWaitlist, joinWaitlist, leaveWaitlist } from '../../services/waitlist/waitlist-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['waitlist'];

/** Protected: the caller's waitlist entries. */
const waitlistRouteHandlers: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(waitlistRoutes.listWaitlist, { tags }),
    handler: async (request) => ({
      data: await findWaitlist(app.db, request.customer!.id, app.now()),
    }),
  });

  app.route({
    ...declared(waitlistRoutes.joinWaitlist, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const entry = await joinWaitlist(app.db, {
        customerId: request.customer!.id,
        clientId: client.id,
        sessionId: request.body.session_id,
        now: app.now(),
      });
      return reply.code(201).send({ data: entry });
    },
  });

  app.route({
    ...declared(waitlistRoutes.leaveWaitlist, { tags }),
    handler: async (request) => {
      await leaveWaitlist(app.db, {
        customerId: request.customer!.id,
        entryId: request.params.waitlistId,
        now: app.now(),
      });
      return { data: { message: WAITLIST_TEXTS.removed } };
    },
  });
};
export default waitlistRouteHandlers;
