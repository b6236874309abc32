import { GEOCODING_MAX_FEATURES, geocodingQuery, geocodingReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeocoder } from '../../services/geocoding/create-geocoder.ts';

const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoder = createGeocoder();
  app.get(
    '/api/geocoding',
    { schema: { tags: ['geocoding'], querystring: geocodingQuery, response: { 200: geocodingReply } } },
    async (request) => ({
      data: { features: await geocoder.search(request.query.q, GEOCODING_MAX_FEATURES) },
    }),
  );
};
export default geocodingRoutes;
