import { getVenue, listVenuePins, listVenues } from '@fieldhouse/contract/routes/venues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVenue, findVenues, searchVenues, venuePins } from '../../services/venues/venue-service.ts';
import { declared } from '../declared.ts';

const tags = ['venues'];

const venueRouteHandlers: FastifyPluginAsyncZod = async (app) => {
  /** Every venue open to members, kept as long as the client row (decision 020); replies are pages of it. */
  const allVenues = () => app.fromClient('venues', (client) => findVenues(app.db, client.id));

  app.route({
    ...declared(listVenues, { tags }),
    config: { sharedCache: true },
    handler: async (request) => ({ data: searchVenues(await allVenues(), request.query) }),
  });

  app.route({
    ...declared(listVenuePins, { tags }),
    config: { sharedCache: true },
    handler: async (request) => ({ data: venuePins(await allVenues(), request.query) }),
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
