import { savedCardsReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSavedCards } from '../../services/payments/saved-cards.ts';

/** Protected: the caller's saved cards (what the card shows; the provider keeps the rest). */
const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-account/saved-cards',
    { schema: { tags: ['payments'], response: { 200: savedCardsReply } } },
    async (request) => ({ data: await findSavedCards(app.db, request.customer!.id, app.now()) }),
  );
};
export default savedCardRoutes;
