import { venueParams, venueReply, venuesReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVenue, findVenues } from '../../services/venues/venue-service.ts';

const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/venues',
    { config: { sharedCache: true }, schema: { tags: ['venues'], response: { 200: venuesReply } } },
    async () => ({
      data: await app.fromClient('venues', (client) => findVenues(app.db, client.id)),
    }),
  );

  app.get(
    '/api/venues/:slug',
    {
      config: { sharedCache: true },
      schema: { tags: ['venues'], params: venueParams, response: { 200: venueReply } },
    },
    async (request) => {
      const { slug } = request.params;
      return { data: await app.fromClient(`venue:${slug}`, (client) => findVenue(app.db, client.id, slug)) };
    },
  );
};
export default venueRoutes;
