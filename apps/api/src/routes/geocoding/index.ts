import { GEOCODING_MAX_FEATURES } from '@fieldhouse/contract';
import { searchPlaces } from '@fieldhouse/contract/routes/geocoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerErrors } from '../../lib/metrics.ts';
import { createGeocoder } from '../../services/geocoding/create-geocoder.ts';
import { declared } from '../declared.ts';

const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { name, postcodesIoUrl } = app.config.geocoder;
  const geocoder = createGeocoder(name, { POSTCODES_IO_URL: postcodesIoUrl ?? undefined }, (err) => {
    providerErrors.inc({ provider: 'geocoding', operation: 'search' });
    app.log.warn({ err }, 'The geocoder failed; the offline gazetteer answered');
  });
  app.route({
    ...declared(searchPlaces, { tags: ['geocoding'] }),
    handler: async (request) => ({
      data: { features: await geocoder.search(request.query.q, GEOCODING_MAX_FEATURES) },
    }),
  });
};
export default geocodingRoutes;
