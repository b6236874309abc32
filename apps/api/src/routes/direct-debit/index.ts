import { directDebitProviderReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: which provider collects direct debits (the web shows GoCardless's privacy notice for go_cardless). */
const directDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/direct-debit/provider',
    { schema: { tags: ['joining'], response: { 200: directDebitProviderReply } } },
    async () => ({ data: { provider: app.directDebit.name } }),
  );
};
export default directDebitRoutes;
