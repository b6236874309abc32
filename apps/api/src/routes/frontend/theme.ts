import { getTheme } from '@fieldhouse/contract/routes/theme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declared } from '../declared.ts';
import { findCachedTheme } from '../request-helpers.ts';

const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getTheme, { tags: ['frontend'] }),
    config: { sharedCache: true },
    handler: async (request) => {
      const venue = request.query.venue || undefined;
      return { data: await findCachedTheme(app, venue) };
    },
  });
};
export default themeRoutes;
