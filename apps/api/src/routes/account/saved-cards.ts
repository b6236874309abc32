import { PAYMENTS_TEXTS } from '@fieldhouse/contract';
import {
  listSavedCards,
  removeSavedCard,
  updateSavedCard,
} from '@fieldhouse/contract/routes/account-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as savedCards from '../../services/payments/saved-cards.ts';
import { declared } from '../declared.ts';

const tags = ['payments'];

/** Protected: the caller's saved cards (what the card shows; the provider keeps the rest). */
const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listSavedCards, { tags }),
    handler: async (request) => ({
      data: await savedCards.findSavedCards(app.db, request.customer!.id, app.now()),
    }),
  });

  app.route({
    ...declared(updateSavedCard, { tags }),
    handler: async (request) => ({
      data: await savedCards.updateSavedCard(
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
  });

  app.route({
    ...declared(removeSavedCard, { tags }),
    handler: async (request) => {
      await savedCards.deleteSavedCard(
        { db: app.db, payments: app.payments },
        { customerId: request.customer!.id, id: request.params.id, now: app.now() },
      );
      return { data: { message: PAYMENTS_TEXTS.cardDeleted } };
    },
  });
};
export default savedCardRoutes;
