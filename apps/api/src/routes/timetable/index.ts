import {
  sessionParams,
  sessionReply,
  timetableQuery,
  timetableReply,
  venueParams,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScope } from '../../plugins/app/auth.ts';
import { findSession, findTimetable } from '../../services/timetable/timetable-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Public timetable; a logged-in caller also gets their own facts (booked, in basket, waitlist position). */
const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'optional');

  app.get(
    '/api/venues/:slug/sessions',
    {
      schema: {
        tags: ['timetable'],
        params: venueParams,
        querystring: timetableQuery,
        response: { 200: timetableReply },
      },
    },
    async (request) => {
      const client = await requireClient(app);
      return {
        data: await findTimetable(app.db, {
          clientId: client.id,
          slug: request.params.slug,
          query: request.query,
          customerId: request.customer?.id ?? null,
          now: app.now(),
        }),
      };
    },
  );

  app.get(
    '/api/sessions/:id',
    { schema: { tags: ['timetable'], params: sessionParams, response: { 200: sessionReply } } },
    async (request) => {
      const client = await requireClient(app);
      return {
        data: await findSession(app.db, {
          clientId: client.id,
          sessionId: request.params.id,
          customerId: request.customer?.id ?? null,
          now: app.now(),
        }),
      };
    },
  );
};
export default timetableRoutes;
