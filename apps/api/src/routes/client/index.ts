import { clientReply, footerQuery, footerReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findFooterHtml, toClientWire } from '../../services/clients/client-service.ts';
import { requireClient } from '../request-helpers.ts';

const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client',
    { config: { sharedCache: true }, schema: { tags: ['client'], response: { 200: clientReply } } },
    async () => ({
      data: toClientWire(await requireClient(app)),
    }),
  );

  app.get(
    '/api/activities/footer',
    {
      config: { sharedCache: true },
      schema: { tags: ['client'], querystring: footerQuery, response: { 200: footerReply } },
    },
    async (request) => {
      const venue = request.query.venue || undefined;
      const html = await app.fromClient(`footer:${venue ?? ''}`, (client) =>
        findFooterHtml(app.db, client, venue),
      );
      return { data: { html } };
    },
  );
};
export default clientRoutes;
