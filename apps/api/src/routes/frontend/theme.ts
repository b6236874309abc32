import { themeQuery, themeReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findTheme } from '../../services/clients/client-service.ts';

const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/theme',
    {
      config: { sharedCache: true },
      schema: { tags: ['frontend'], querystring: themeQuery, response: { 200: themeReply } },
    },
    async (request) => {
      const venue = request.query.venue || undefined;
      return {
        data: await app.fromClient(`theme:${venue ?? ''}`, (client) => findTheme(app.db, client, venue)),
      };
    },
  );
};
export default themeRoutes;
