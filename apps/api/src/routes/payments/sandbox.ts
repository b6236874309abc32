import { answerSandboxChallenge, createSandboxToken } from '@fieldhouse/contract/routes/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { declared } from '../declared.ts';

/**
 * The sandbox provider's stand-ins for a real provider's browser SDK (tokens) and the bank's further check
 * (challenges). Registered only while PAYMENT_PROVIDER=sandbox.
 */
const sandboxPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.sandboxPayments;
  if (!sandbox) return;

  app.route({
    ...declared(createSandboxToken, { tags: ['payments'] }),
    // Public, but it identifies a logged-in caller itself (below).
    config: { rateLimit: { max: 60, timeWindow: 60_000 }, session: 'optional' },
    handler: async (request) => {
      const b = request.body;
      // Public (the card form may come before logging in), but a logged-in maker owns the token.
      await app.identify(request);
      const { token, card } = await sandbox.createToken({
        customerId: request.customer?.id ?? null,
        cardNumber: b.card_number,
        expiryDate: b.expiry_date,
        cardholderName: b.cardholder_name,
        billing: {
          firstName: b.billing_first_name,
          lastName: b.billing_last_name,
          addressLine1: b.billing_address_line_one,
          addressLine2: b.billing_address_line_two || null,
          city: b.billing_city,
          postcode: b.billing_postcode.toUpperCase(),
        },
      });
      return {
        data: { token, brand: card.brand, last_four_digits: card.lastFour, expiry_date: card.expiry },
      };
    },
  });

  app.route({
    ...declared(answerSandboxChallenge, { tags: ['payments'] }),
    handler: async (request) => {
      const status = await sandbox.decideChallenge(request.params.id, request.body.approve);
      if (!status) throw notFound();
      return { data: { status } };
    },
  });
};
export default sandboxPaymentRoutes;
