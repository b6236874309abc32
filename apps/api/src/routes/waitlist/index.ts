import {
  joinWaitlistBody,
  joinWaitlistReply,
  messageReply,
  WAITLIST_TEXTS,
  waitlistParams,
  waitlistReply,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findWaitlist, joinWaitlist, leaveWaitlist } from '../../services/waitlist/waitlist-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the caller's waitlist entries. */
const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/waitlist',
    { schema: { tags: ['waitlist'], response: { 200: waitlistReply } } },
    async (request) => ({
      data: await findWaitlist(app.db, request.customer!.id, app.now()),
    }),
  );

  app.post(
    '/api/waitlist',
    { schema: { tags: ['waitlist'], body: joinWaitlistBody, response: { 201: joinWaitlistReply } } },
    async (request, reply) => {
      const client = await requireClient(app);
      const entry = await joinWaitlist(app.db, {
        customerId: request.customer!.id,
        clientId: client.id,
        sessionId: request.body.session_id,
        now: app.now(),
      });
      return reply.code(201).send({ data: entry });
    },
  );

  app.delete(
    '/api/waitlist/:waitlistId',
    { schema: { tags: ['waitlist'], params: waitlistParams, response: { 200: messageReply } } },
    async (request) => {
      await leaveWaitlist(app.db, {
        customerId: request.customer!.id,
        entryId: request.params.waitlistId,
        now: app.now(),
      });
      return { data: { message: WAITLIST_TEXTS.removed } };
    },
  );
};
export default waitlistRoutes;
