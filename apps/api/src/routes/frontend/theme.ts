import { themeQuery, themeReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCachedTheme } from '../request-helpers.ts';

const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/theme',
    {
      config: { sharedCache: true },
      schema: { tags: ['frontend'], querystring: themeQuery, response: { 200: themeReply } },
    },
    async (request) => {
      const venue = request.query.venue || undefined;
      return { data: await findCachedTheme(app, venue) };
    },
  );
};
export default themeRoutes;
