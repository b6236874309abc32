import { GEOCODING_MAX_FEATURES, geocodingQuery, geocodingReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGeocoder } from '../../services/geocoding/create-geocoder.ts';

const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { name, postcodesIoUrl } = app.config.geocoder;
  const geocoder = createGeocoder(name, { POSTCODES_IO_URL: postcodesIoUrl ?? undefined }, (err) =>
    app.log.warn({ err }, 'The geocoder failed; the offline gazetteer answered'),
  );
  app.get(
    '/api/geocoding',
    { schema: { tags: ['geocoding'], querystring: geocodingQuery, response: { 200: geocodingReply } } },
    async (request) => ({
      data: { features: await geocoder.search(request.query.q, GEOCODING_MAX_FEATURES) },
    }),
  );
};
export default geocodingRoutes;
