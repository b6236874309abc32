import { getDirectDebitProvider } from '@fieldhouse/contract/routes/membership-purchase';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declared } from '../declared.ts';

/** Public: which provider collects direct debits (the web shows GoCardless's privacy notice for go_cardless). */
const directDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getDirectDebitProvider, { tags: ['joining'] }),
    handler: async () => ({ data: { provider: app.directDebit.name } }),
  });
};
export default directDebitRoutes;
