import {
  bookingCalendar,
  cancelBooking,
  cancelBookings,
  listActivityBookings,
  listBookings,
} from '@fieldhouse/contract/routes/bookings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-errors.ts';
import { toMoney } from '../../lib/money.ts';
import { buildBookingCalendar, findBookings } from '../../services/bookings/booking-service.ts';
import * as cancellation from '../../services/bookings/cancel-booking.ts';
import { declared } from '../declared.ts';
import { bookingsUrl, requireClient } from '../request-helpers.ts';

async function cancel(app: FastifyInstance, request: FastifyRequest, bookingIds: number[], source: string) {
  const client = await requireClient(app);
  const result = await cancellation.cancelBookings(app.db, {
    customerId: request.customer!.id,
    bookingIds,
    source,
    now: app.now(),
    clientName: client.name,
    bookingsUrl: bookingsUrl(app, request),
  });
  app.guestTimetables.clear();
  return { data: { bookings: result.bookings, credit_awarded: toMoney(result.creditAwarded) } };
}

const tags = ['bookings'];

/** Protected: the logged-in customer's own bookings only. */
const bookingRouteHandlers: FastifyPluginAsyncZod = async (app) => {
  // The spec's `GET bookings (filter future or past)` and the activities API's path: one handler.
  for (const route of [listBookings, listActivityBookings]) {
    app.route({
      ...declared(route, { tags }),
      handler: async (request) => {
        const customer = request.customer!;
        const { user_id, starts_after, starts_before, filter: when } = request.query;
        if (user_id !== undefined && user_id !== customer.id) throw forbidden();
        const now = app.now();
        const filter = {
          startsAfter: starts_after ? new Date(starts_after) : when === 'future' ? now : undefined,
          startsBefore: starts_before ? new Date(starts_before) : when === 'past' ? now : undefined,
        };
        return { data: await findBookings(app.db, customer.id, filter, now) };
      },
    });
  }

  /** 'Add to calendar': one booking as an iCalendar file. */
  app.route({
    ...declared(bookingCalendar, { tags }),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      const { bookingId } = request.params;
      const text = await buildBookingCalendar(app.db, {
        customerId: request.customer!.id,
        bookingId,
        clientName: client.name,
        uidDomain: new URL(bookingsUrl(app, request)).hostname,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${bookingId}.ics"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  });

  /** V2 cancellation: all the given bookings or none. */
  app.route({
    ...declared(cancelBookings, { tags }),
    handler: async (request) => {
      const { booking_ids, cancellation_source } = request.body.data;
      return cancel(app, request, booking_ids, cancellation_source);
    },
  });

  /**
   * V1 cancellation of one booking (the spec's path ends with a slash; both forms work). The API document lists
   * the form without the slash once (its summary names the alias).
   */
  for (const hide of [false, true]) {
    const route = cancelBooking;
    app.route({
      ...declared(route, { tags, hide, url: hide ? `${route.path}/` : route.path }),
      handler: async (request) => cancel(app, request, [request.params.bookingId], request.query.source),
    });
  }
};
export default bookingRouteHandlers;
