import { cancelStaffSession, listPendingRefunds } from '@fieldhouse/contract/routes/staff-programme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { cancelSession } from '../../services/staff/programme/cancel-session.ts';
import { findPendingCardRefunds, registerCardRefunds } from '../../services/staff/programme/card-refunds.ts';
import { declared } from '../declared.ts';
import { accountUrl, requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/**
 * Programme changes (issue 35): administrators, and centre managers at their venues, cancel a session with a reason
 * (services/staff/programme, decision 064). The card refunds it leaves pending are made by their job, registered
 * here beside the call that queues them, in every process.
 */
const staffProgrammeRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerCardRefunds(app.jobs, { db: app.db, payments: app.payments, log: app.log, now: app.now });
  staffScope(app, ['administrator', 'centre_manager']);

  app.route({
    ...declared(cancelStaffSession, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const client = await requireClient(app);
      const data = await cancelSession(app.db, {
        sessionId: request.params.id,
        reason: request.body.reason,
        actor: { staffId: staff.id, name: staff.name },
        ...venueScopeOf(staff),
        clientId: client.id,
        clientName: client.name,
        accountUrl: accountUrl(app, request),
        jobs: app.jobs,
        now: app.now(),
      });
      // Off sale at once: the next guest's timetable is read afresh (other processes: within the cache's moment).
      app.guestTimetables.clear();
      return { data };
    },
  });

  app.route({
    ...declared(listPendingRefunds, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const { venueIds } = venueScopeOf(staff);
      return { data: await findPendingCardRefunds(app.db, venueIds, request.query) };
    },
  });
};
export default staffProgrammeRoutes;
