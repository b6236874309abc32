import { getTerms } from '@fieldhouse/contract/routes/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCheckoutTerms } from '../../services/clients/terms-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/**
 * Public: the client's checkout terms (the basket id is accepted for the spec's call shape), or with `kind` the
 * joining terms: direct_debit, health_commitment, membership.
 */
const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(getTerms, { tags: ['checkout'] }),
    handler: async (request) => {
      const client = await requireClient(app);
      return { data: await findCheckoutTerms(app.db, client.id, request.query.kind) };
    },
  });
};
export default termsRoutes;
