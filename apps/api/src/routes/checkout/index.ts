import { checkoutBody, checkoutReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { completeCheckout } from '../../services/checkout/checkout-service.ts';
import { bookingsUrl, isFrontOfHouse, requireClient } from '../request-helpers.ts';

/**
 * Protected: POST /api/checkout/complete (online, kiosk) and POST /api/pay (front-of-house). Offline tenders
 * (cash, voucher, cheque) are accepted only by /api/pay with the x-front-of-house-key header.
 */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [url, viaPay] of [
    ['/api/checkout/complete', false],
    ['/api/pay', true],
  ] as const) {
    app.post(
      url,
      { schema: { tags: ['checkout'], body: checkoutBody, response: { 200: checkoutReply } } },
      async (request) => {
        const client = await requireClient(app);
        const data = await completeCheckout(
          { db: app.db, payments: app.payments, log: request.log },
          {
            customerId: request.customer!.id,
            client,
            body: request.body,
            frontOfHouse: viaPay && isFrontOfHouse(app, request),
            now: app.now(),
            bookingsUrl: bookingsUrl(app, request),
          },
        );
        // Places changed: guests see them on their next timetable read (other processes: within the TTL).
        if (data.status === 'completed') app.guestTimetables.clear();
        return { data };
      },
    );
  }
};
export default checkoutRoutes;
