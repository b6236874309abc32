import {
  getGuestPass,
  getGuestPassAllowances,
  listGuestPasses,
  sendGuestPass as sendGuestPassRoute,
} from '@fieldhouse/contract/routes/guest-passes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.ts';
import { findGuestPass, findGuestPasses } from '../../services/guest-passes/guest-passes.ts';
import { findAllowances } from '../../services/guest-passes/pass-allowances.ts';
import { sendGuestPass } from '../../services/guest-passes/send-guest-pass.ts';
import { declared } from '../declared.ts';
import { requireClient, requireFeature } from '../request-helpers.ts';

/** :userId must be the caller; anyone else's passes do not exist for them (404). */
function callerId(request: FastifyRequest, userId: number) {
  const customerId = request.customer!.id;
  if (userId !== customerId) throw notFound();
  return customerId;
}

/** Protected: the caller's guest passes, only while the client's `online_guest_passes` flag is on (else 404). */
const guestPassRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireFeature(app, 'online_guest_passes'));
  const tags = ['guest passes'];

  app.route({
    ...declared(listGuestPasses, { tags }),
    handler: async (request) => ({
      data: await findGuestPasses(app.db, callerId(request, request.params.userId), request.query, app.now()),
    }),
  });

  app.route({
    ...declared(getGuestPassAllowances, { tags }),
    handler: async (request) => {
      const customerId = callerId(request, request.params.userId);
      return { data: await findAllowances(app.db, customerId, await requireClient(app), app.now()) };
    },
  });

  app.route({
    ...declared(getGuestPass, { tags }),
    handler: async (request) => ({
      data: await findGuestPass(
        app.db,
        callerId(request, request.params.userId),
        request.params.id,
        app.now(),
      ),
    }),
  });

  app.route({
    ...declared(sendGuestPassRoute, { tags }),
    handler: async (request, reply) => {
      const customerId = callerId(request, request.params.userId);
      const { guest_name, guest_email, venue_id, pricing_option_id } = request.body.data;
      const pass = await sendGuestPass(app.db, {
        customerId,
        client: await requireClient(app),
        now: app.now(),
        guestName: guest_name,
        guestEmail: guest_email,
        venueId: venue_id[0]!,
        pricingOptionId: pricing_option_id,
      });
      return reply.code(201).send({ data: pass });
    },
  });
};
export default guestPassRoutes;
