import {
  messageReply,
  PAYMENTS_TEXTS,
  savedCardParams,
  savedCardsReply,
  updateSavedCardBody,
  updateSavedCardReply,
} from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteSavedCard, findSavedCards, updateSavedCard } from '../../services/payments/saved-cards.ts';

/** Protected: the caller's saved cards (what the card shows; the provider keeps the rest). */
const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-account/saved-cards',
    { schema: { tags: ['payments'], response: { 200: savedCardsReply } } },
    async (request) => ({ data: await findSavedCards(app.db, request.customer!.id, app.now()) }),
  );

  app.put(
    '/api/my-account/saved-cards/:id/update',
    {
      schema: {
        tags: ['payments'],
        params: savedCardParams,
        body: updateSavedCardBody,
        response: { 200: updateSavedCardReply },
      },
    },
    async (request) => ({
      data: await updateSavedCard(
        app.db,
        {
          customerId: request.customer!.id,
          id: request.params.id,
          billing: request.body,
          now: app.now(),
        },
        app.payments,
      ),
    }),
  );

  app.delete(
    '/api/my-account/saved-cards/:id/remove',
    { schema: { tags: ['payments'], params: savedCardParams, response: { 200: messageReply } } },
    async (request) => {
      await deleteSavedCard(
        { db: app.db, payments: app.payments },
        { customerId: request.customer!.id, id: request.params.id, now: app.now() },
      );
      return { data: { message: PAYMENTS_TEXTS.cardDeleted } };
    },
  );
};
export default savedCardRoutes;
