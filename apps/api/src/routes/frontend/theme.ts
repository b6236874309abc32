import { themeQuery, themeReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findTheme } from '../../services/clients/client-service.ts';
import { requireClient } from '../request-helpers.ts';

const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/theme',
    { schema: { tags: ['frontend'], querystring: themeQuery, response: { 200: themeReply } } },
    async (request) => {
      const client = await requireClient(app);
      return { data: await findTheme(app.db, client, request.query.venue || undefined) };
    },
  );
};
export default themeRoutes;
