import { orderReceipt } from '@fieldhouse/contract/routes/account-payments';
import { downloadCreditNote } from '@fieldhouse/contract/routes/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildCreditNote } from '../../services/orders/credit-note.ts';
import { buildOrderReceipt } from '../../services/orders/receipt-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

/**
 * Protected: the receipt of the caller's order as a PDF (base64), named receipt-{orderId}.pdf, and the credit notes
 * of the refunds staff gave on it (decision 074), named credit-note-CN-….pdf.
 */
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

  app.route({
    ...declared(downloadCreditNote, { tags: ['orders'] }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const data = await buildCreditNote(app.db, {
        customerId: request.customer!.id,
        uuid: request.params.uuid,
        creditNoteId: request.params.id,
        client,
        now: app.now(),
      });
      reply.header('cache-control', 'no-store');
      return { data };
    },
  });
};
export default receiptRoutes;
