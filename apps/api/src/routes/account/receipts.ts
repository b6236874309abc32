import { orderReceipt } from '@fieldhouse/contract/routes/account-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildOrderReceipt } from '../../services/orders/receipt-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the receipt of the caller's order as a PDF (base64), named receipt-{orderId}.pdf. */
const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(orderReceipt, { tags: ['orders'] }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const data = await buildOrderReceipt(app.db, {
        customerId: request.customer!.id,
        uuid: request.params.uuid,
        client,
        now: app.now(),
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  });
};
export default receiptRoutes;
