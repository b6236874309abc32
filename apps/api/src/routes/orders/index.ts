import { getOrder, listOrders, orderCalendar } from '@fieldhouse/contract/routes/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildOrderCalendar, findOrder, findOrders } from '../../services/orders/order-service.ts';
import { declared } from '../declared.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

const tags = ['orders'];

/** Protected: the caller's own orders (another customer's order answers 404). */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...declared(listOrders, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      return { data: await findOrders(app.db, request.customer!.id, request.query, client.timeZone) };
    },
  });

  app.route({
    ...declared(getOrder, { tags }),
    handler: async (request) => {
      const client = await app.findCurrentClient();
      return {
        data: await findOrder(app.db, request.customer!.id, request.params.orderId, client?.timeZone),
      };
    },
  });

  app.route({
    ...declared(orderCalendar, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const { orderId } = request.params;
      const text = await buildOrderCalendar(app.db, {
        customerId: request.customer!.id,
        orderId,
        clientName: client.name,
        uidDomain: new URL(bookingsUrl(app, request)).hostname,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${orderId}.ics"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  });
};
export default orderRoutes;
