import { waiverParams, waiverQuery, waiverReply, waiverSignReply, waiversReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  findCustomerWaiver,
  findCustomerWaivers,
  signWaiver,
} from '../../services/waivers/waiver-service.ts';
import { requireClient } from '../request-helpers.ts';

/** Protected: the caller's waivers (joining §2 Waivers, §7 Waiver / Waivers list). */
const waiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const contextOf = async (customerId: number) => {
    const client = await requireClient(app);
    return { customerId, clientId: client.id, timeZone: client.timeZone, now: app.now() };
  };

  app.get(
    '/api/my-account/user/waivers',
    { schema: { tags: ['account'], response: { 200: waiversReply } } },
    async (request) => ({ data: await findCustomerWaivers(app.db, await contextOf(request.customer!.id)) }),
  );

  app.get(
    '/api/my-account/user/waivers/:slug',
    {
      schema: {
        tags: ['account'],
        params: waiverParams,
        querystring: waiverQuery,
        response: { 200: waiverReply },
      },
    },
    async (request) => ({
      data: await findCustomerWaiver(
        app.db,
        await contextOf(request.customer!.id),
        request.params.slug,
        request.query.attendee,
      ),
    }),
  );

  app.post(
    '/api/my-account/user/waivers/:slug/sign',
    { schema: { tags: ['account'], params: waiverParams, response: { 200: waiverSignReply } } },
    async (request) => ({
      data: await signWaiver(app.db, await contextOf(request.customer!.id), request.params.slug),
    }),
  );
};
export default waiverRoutes;
