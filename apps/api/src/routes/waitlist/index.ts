import { WAITLIST_TEXTS } from '@fieldhouse/contract';
import { joinWaitlist, leaveWaitlist, listWaitlist } from '@fieldhouse/contract/routes/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as waitlist from '../../services/waitlist/waitlist-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['waitlist'];

/** Protected: the caller's waitlist entries. */
const waitlistRouteHandlers: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listWaitlist, { tags }),
    handler: async (request) => ({
      data: await waitlist.findWaitlist(app.db, request.customer!.id, app.now()),
    }),
  });

  app.route({
    ...declared(joinWaitlist, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const entry = await waitlist.joinWaitlist(app.db, {
        customerId: request.customer!.id,
        clientId: client.id,
        sessionId: request.body.session_id,
        now: app.now(),
      });
      return reply.code(201).send({ data: entry });
    },
  });

  app.route({
    ...declared(leaveWaitlist, { tags }),
    handler: async (request) => {
      await waitlist.leaveWaitlist(app.db, {
        customerId: request.customer!.id,
        entryId: request.params.waitlistId,
        now: app.now(),
      });
      return { data: { message: WAITLIST_TEXTS.removed } };
    },
  });
};
export default waitlistRouteHandlers;
