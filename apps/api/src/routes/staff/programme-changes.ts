import {
  cancelSessionRange,
  changeStaffSession,
  previewSessionRange,
} from '@fieldhouse/contract/routes/programme-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import {
  cancelSessionRange as cancelRange,
  previewSessionRange as previewRange,
} from '../../services/staff/programme/cancel-range.ts';
import { changeSession } from '../../services/staff/programme/change-session.ts';
import { declared } from '../declared.ts';
import { accountUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * Programme changes of a range and of one session (issue 35, items 1 and 2; decision 075): administrators anywhere,
 * centre managers at their venues, preview and cancel every session of a venue over a time range, and move or change
 * a session (services/staff/programme).
 */
const staffProgrammeChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager']);
  const scopeOf = async (staff: NonNullable<import('fastify').FastifyRequest['staff']>) => {
    const client = await requireClient(app);
    return {
      client,
      ...venueScopeOf(staff),
    };
  };

  app.route({
    ...declared(previewSessionRange, { tags }),
    handler: async (request) => {
      const { client, venueIds } = await scopeOf(request.staff!);
      return {
        data: await previewRange(app.db, request.query, { clientId: client.id, venueIds, now: app.now() }),
      };
    },
  });

  app.route({
    ...declared(cancelSessionRange, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const { client, venueIds } = await scopeOf(staff);
      const { reason, ...range } = request.body;
      const data = await cancelRange(app.db, {
        range,
        reason,
        actor: { staffId: staff.id, name: staff.name },
        venueIds,
        clientId: client.id,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        jobs: app.jobs,
        now: app.now(),
      });
      if (data.cancelled.length) app.guestTimetables.clear();
      return { data };
    },
  });

  app.route({
    ...declared(changeStaffSession, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const { client, venueIds } = await scopeOf(staff);
      const data = await changeSession(app.db, {
        sessionId: request.params.id,
        change: request.body,
        actor: { staffId: staff.id, name: staff.name },
        venueIds,
        clientId: client.id,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        now: app.now(),
      });
      app.guestTimetables.clear();
      return { data };
    },
  });
};
export default staffProgrammeChangeRoutes;
