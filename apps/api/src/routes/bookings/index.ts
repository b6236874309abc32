import { bookingsQuery, bookingsReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-errors.ts';
import { findBookings } from '../../services/bookings/booking-service.ts';

/** Protected: the logged-in customer's own bookings only. */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/activities/bookings',
    { schema: { tags: ['bookings'], querystring: bookingsQuery, response: { 200: bookingsReply } } },
    async (request) => {
      const customer = request.customer!;
      const { user_id, starts_after, starts_before } = request.query;
      if (user_id !== undefined && user_id !== customer.id) throw forbidden();
      const filter = {
        startsAfter: starts_after ? new Date(starts_after) : undefined,
        startsBefore: starts_before ? new Date(starts_before) : undefined,
      };
      return { data: await findBookings(app.db, customer.id, filter, app.now()) };
    },
  );
};
export default bookingRoutes;
