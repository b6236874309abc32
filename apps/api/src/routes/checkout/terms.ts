import { termsQuery, termsReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCheckoutTerms } from '../../services/checkout/terms-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Public: the client's checkout terms (the basket id is accepted for the spec's call shape). */
const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/terms',
    { schema: { tags: ['checkout'], querystring: termsQuery, response: { 200: termsReply } } },
    async () => {
      const client = await requireClient(app);
      return { data: await findCheckoutTerms(app.db, client.id) };
    },
  );
};
export default termsRoutes;
