import { getWaiver, listWaivers, signWaiver } from '@fieldhouse/contract/routes/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as waivers from '../../services/waivers/waiver-service.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['account'];

/** Protected: the caller's waivers (joining §2 Waivers, §7 Waiver / Waivers list). */
const waiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = async (customerId: number) => {
    const client = await requireClient(app);
    return { customerId, clientId: client.id, timeZone: client.timeZone, now: app.now() };
  };

  app.route({
    ...declared(listWaivers, { tags }),
    handler: async (request) => ({
      data: await waivers.findCustomerWaivers(app.db, await contextOf(request.customer!.id)),
    }),
  });

  app.route({
    ...declared(getWaiver, { tags }),
    handler: async (request) => ({
      data: await waivers.findCustomerWaiver(
        app.db,
        await contextOf(request.customer!.id),
        request.params.slug,
        request.query.attendee,
      ),
    }),
  });

  app.route({
    ...declared(signWaiver, { tags }),
    handler: async (request) => ({
      data: await waivers.signWaiver(app.db, await contextOf(request.customer!.id), request.params.slug),
    }),
  });
};
export default waiverRoutes;
