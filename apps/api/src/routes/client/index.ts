import { clientReply, footerQuery, footerReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findFooterHtml, toClientWire } from '../../services/clients/client-service.ts';
import { requireClient } from '../request-helpers.ts';

const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/client', { schema: { tags: ['client'], response: { 200: clientReply } } }, async () => ({
    data: toClientWire(await requireClient(app)),
  }));

  app.get(
    '/api/activities/footer',
    { schema: { tags: ['client'], querystring: footerQuery, response: { 200: footerReply } } },
    async (request) => {
      const client = await requireClient(app);
      return { data: { html: await findFooterHtml(app.db, client, request.query.venue || undefined) } };
    },
  );
};
export default clientRoutes;
