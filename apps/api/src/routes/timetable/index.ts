import { getMyTimetable, getSession, getTimetable } from '@fieldhouse/contract/routes/timetable';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionScope } from '../../plugins/app/auth.ts';
import { weakEtag } from '../../plugins/app/shared-cache.ts';
import { findMyTimetable, findSession, findTimetable } from '../../services/timetable/timetable-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['timetable'];

/**
 * The timetable is the same for every caller, logged in or not (decision 061): it does not look at the session
 * cookie, is shared for a moment (app.guestTimetables) and carries an ETag. A member's own facts (booked, in basket,
 * waitlist place) are the small `getMyTimetable` reply, which the web lays over it; one session's page
 * (`getSession`) still carries the caller's facts.
 */
const timetableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getTimetable, { tags }),
    config: { sharedCache: true },
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const { from = '', to = '', category = '' } = request.query;
      const key = JSON.stringify([client.id, request.params.slug, from, to, category]);
      const cached = await app.guestTimetables.get(key, async () => {
        const data = await findTimetable(app.db, {
          clientId: client.id,
          slug: request.params.slug,
          query: request.query,
          now: app.now(),
        });
        const body = Buffer.from(reply.serialize({ data }) as string);
        return { body, etag: weakEtag(body) };
      });
      // JSON bytes with a JSON content type are sent as they are (serialised and checked by the schema above).
      return reply
        .header('etag', cached.etag)
        .type('application/json; charset=utf-8')
        .send(cached.body as unknown as { data: Awaited<ReturnType<typeof findTimetable>> });
    },
  });

  const memberRoutes: FastifyPluginAsyncZod = async (members) => {
    sessionScope(members, 'required');
    members.route({
      ...declared(getMyTimetable, { tags }),
      handler: async (request) => {
        const client = await requireClient(app);
        return {
          data: await findMyTimetable(app.db, {
            clientId: client.id,
            slug: request.params.slug,
            query: request.query,
            customerId: request.customer!.id,
            now: app.now(),
          }),
        };
      },
    });
  };
  await app.register(memberRoutes);

  const callerRoutes: FastifyPluginAsyncZod = async (callers) => {
    sessionScope(callers, 'optional');
    callers.route({
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
  await app.register(callerRoutes);
};
export default timetableRoutes;
