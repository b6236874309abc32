import { getVenue, listVenues } from '@fieldhouse/contract/routes/venues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVenue, findVenues } from '../../services/venues/venue-service.ts';
import { declared } from '../declared.ts';

const tags = ['venues'];

const venueRouteHandlers: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listVenues, { tags }),
    config: { sharedCache: true },
    handler: async () => ({
      data: await app.fromClient('venues', (client) => findVenues(app.db, client.id)),
    }),
  });

  app.route({
    ...declared(getVenue, { tags }),
    config: { sharedCache: true },
    handler: async (request) => {
      const { slug } = request.params;
      return { data: await app.fromClient(`venue:${slug}`, (client) => findVenue(app.db, client.id, slug)) };
    },
  });
};
export default venueRouteHandlers;
