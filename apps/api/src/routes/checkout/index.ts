import { completeCheckout, frontOfHouseCheckout } from '@fieldhouse/contract/routes/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as checkout from '../../services/checkout/checkout-service.ts';
import { declared } from '../declared.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

/**
 * Protected: POST /api/checkout/complete (online, kiosk) and POST /api/pay (the spec's front-of-house call). A
 * customer's session never pays with offline tenders (cash, voucher, cheque): the desk takes those for the
 * customer through the staff console (POST /api/staff/desk/customers/:id/pay, decision 033).
 */
const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const route of [completeCheckout, frontOfHouseCheckout]) {
    app.route({
      ...declared(route, { tags: ['checkout'] }),
      handler: async (request) => {
        const client = await requireClient(app);
        const data = await checkout.completeCheckout(
          { db: app.db, payments: app.payments, log: request.log },
          {
            customerId: request.customer!.id,
            client,
            body: request.body,
            frontOfHouse: false,
            now: app.now(),
            bookingsUrl: bookingsUrl(app, request),
          },
        );
        // Places changed: guests see them on their next timetable read (other processes: within the TTL).
        if (data.status === 'completed') app.guestTimetables.clear();
        return { data };
      },
    });
  }
};
export default checkoutRoutes;
