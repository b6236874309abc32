import { orderParams, orderReply, ordersQuery, ordersReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildOrderCalendar, findOrder, findOrders } from '../../services/orders/order-service.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

/** Protected: the caller's own orders (another customer's order answers 404). */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders',
    { schema: { tags: ['orders'], querystring: ordersQuery, response: { 200: ordersReply } } },
    async (request) => {
      const client = await requireClient(app);
      return { data: await findOrders(app.db, request.customer!.id, request.query, client.timeZone) };
    },
  );

  app.get(
    '/api/orders/:orderId',
    { schema: { tags: ['orders'], params: orderParams, response: { 200: orderReply } } },
    async (request) => ({ data: await findOrder(app.db, request.customer!.id, request.params.orderId) }),
  );

  app.get(
    '/api/orders/:orderId/calendar.ics',
    { schema: { tags: ['orders'], params: orderParams } },
    async (request, reply) => {
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
  );
};
export default orderRoutes;
