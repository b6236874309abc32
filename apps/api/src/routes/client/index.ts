import { getClient, getFooter } from '@fieldhouse/contract/routes/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findFooterHtml, toClientWire } from '../../services/clients/client-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['client'];

const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getClient, { tags }),
    config: { sharedCache: true },
    handler: async () => ({
      data: toClientWire(await requireClient(app)),
    }),
  });

  app.route({
    ...declared(getFooter, { tags }),
    config: { sharedCache: true },
    handler: async (request) => {
      const venue = request.query.venue || undefined;
      const html = await app.fromClient(`footer:${venue ?? ''}`, (client) =>
        findFooterHtml(app.db, client, venue),
      );
      return { data: { html } };
    },
  });
};
export default clientRoutes;
