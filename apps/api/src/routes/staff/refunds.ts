import { DESK_TEXTS } from '@fieldhouse/contract';
import { listStaffMemberOrders, refundStaffOrder } from '@fieldhouse/contract/routes/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import {
  findStaffMemberOrders,
  type RefundActor,
  refundOrder,
} from '../../services/staff/refunds/order-refunds.ts';
import { declared } from '../declared.ts';
import { accountUrl, bookingsUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];
const actorOf = (staff: AuthenticatedStaff): RefundActor => ({
  staffId: staff.id,
  name: staff.name,
  role: staff.role,
  scope: venueScopeOf(staff),
});

/**
 * Refunds staff give on any order from the member's record (issue 35 item 4, decision 074). Every role reads the
 * orders of a customer whose record it may read (decision 070); administrators and centre managers refund to the
 * card, account credit or cash, front desk cash only and up to its limit (the service checks). The card refunds it
 * leaves pending are made by the card-refund job the programme routes register.
 */
const staffRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  app.route({
    ...declared(listStaffMemberOrders, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const data = await findStaffMemberOrders(app.db, {
        clientId: client.id,
        customerId: request.params.id,
        actor: actorOf(request.staff!),
        timeZone: client.timeZone,
      });
      if (!data) throw notFound(DESK_TEXTS.customerNotFound);
      return { data };
    },
  });

  app.route({
    ...declared(refundStaffOrder, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const data = await refundOrder(app.db, {
        clientId: client.id,
        clientName: client.name,
        orderId: request.params.id,
        body: request.body,
        actor: actorOf(request.staff!),
        timeZone: client.timeZone,
        accountUrl: accountUrl(app, request),
        bookingsUrl: bookingsUrl(app, request),
        jobs: app.jobs,
        now: app.now(),
      });
      return { data };
    },
  });
};
export default staffRefundRoutes;
