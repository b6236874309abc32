import { venueParams, venueReply, venuesReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVenue, findVenues } from '../../services/venues/venue-service.ts';
import { requireClient } from '../request-helpers.ts';

const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/venues', { schema: { tags: ['venues'], response: { 200: venuesReply } } }, async () => {
    const client = await requireClient(app);
    return { data: await findVenues(app.db, client.id) };
  });

  app.get(
    '/api/venues/:slug',
    { schema: { tags: ['venues'], params: venueParams, response: { 200: venueReply } } },
    async (request) => {
      const client = await requireClient(app);
      return { data: await findVenue(app.db, client.id, request.params.slug) };
    },
  );
};
export default venueRoutes;
