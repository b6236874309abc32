import { getSession, getTimetable } from '@fieldhouse/contract/routes/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScope } from '../../plugins/app/auth.ts';
import { weakEtag } from '../../plugins/app/shared-cache.ts';
import { findSession, findTimetable } from '../../services/timetable/timetable-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['timetable'];

/**
 * Public timetable; a logged-in caller also gets their own facts (booked, in basket, waitlist position). A guest's
 * reply is the same for every guest: it is shared for a moment (app.guestTimetables) and carries an ETag.
 */
const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionScope(app, 'optional');

  app.route({
    ...declared(getTimetable, { tags }),
    config: { sharedCache: true },
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const read = (customerId: number | null) =>
        findTimetable(app.db, {
          clientId: client.id,
          slug: request.params.slug,
          query: request.query,
          customerId,
          now: app.now(),
        });
      if (request.customer) return { data: await read(request.customer.id) };
      const { from = '', to = '', category = '' } = request.query;
      const key = JSON.stringify([client.id, request.params.slug, from, to, category]);
      const cached = await app.guestTimetables.get(key, async () => {
        const body = Buffer.from(reply.serialize({ data: await read(null) }) as string);
        return { body, etag: weakEtag(body) };
      });
      // JSON bytes with a JSON content type are sent as they are (serialised and checked by the schema above).
      return reply
        .header('etag', cached.etag)
        .type('application/json; charset=utf-8')
        .send(cached.body as unknown as { data: Awaited<ReturnType<typeof read>> });
    },
  });

  app.route({
    ...declared(getSession, { tags }),
    config: { sharedCache: true },
    handler: async (request) => {
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
  });
};
export default timetableRoutes;
