import { CASH_UP_TEXTS } from '@fieldhouse/contract';
import {
  adjustTillSession,
  cashUpReport,
  cashUpReportCsv,
  closeCashUpDay,
  closeTill,
  createTill,
  getTillSession,
  listCashUp,
  listTills,
  openTill,
  updateTill,
} from '@fieldhouse/contract/routes/cash-up';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { cashUpCsv, cashUpPeriod, findCashUpDays } from '../../services/staff/cash-up/cash-up-days.ts';
import {
  adjustTillSession as adjustSession,
  closeCashUpDay as closeDay,
  closeTill as closeSession,
  findTillSession,
  normaliseCount,
  openTill as openSession,
} from '../../services/staff/cash-up/till-sessions.ts';
import {
  createTill as addTill,
  updateTill as changeTill,
  findTills,
} from '../../services/staff/cash-up/tills.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];
const MANAGERS = ['administrator', 'centre_manager'] as const;

const actorOf = (staff: AuthenticatedStaff) => ({ staffId: staff.id, name: staff.name });

async function scoped(app: FastifyInstance, staff: AuthenticatedStaff) {
  const client = await requireClient(app);
  return { clientId: client.id, scope: venueScopeOf(staff), actor: actorOf(staff), now: app.now() };
}

/**
 * The desk's cash-up (issue 37 item 3, decision 083): every role that works a desk lists tills, opens and closes a
 * till session at its venues, and reads the venue's cash-up by day; administrators and centre managers also add,
 * rename and archive tills, adjust closed sessions and close a day. Finance reads the report (below) only.
 */
const staffCashUpRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  app.route({
    ...declared(listTills, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      const base = await scoped(app, staff);
      const data = await findTills(app.db, {
        ...base,
        venueId: request.query.venue_id,
        mayManage: (MANAGERS as readonly string[]).includes(staff.role),
      });
      if (!data) throw notFound(CASH_UP_TEXTS.tillNotFound);
      return { data };
    },
  });

  app.route({
    ...declared(openTill, { tags }),
    handler: async (request, reply) => {
      const session = await openSession(app.db, {
        ...(await scoped(app, request.staff!)),
        tillId: request.params.id,
        float: request.body.float,
      });
      return reply.code(201).send({ data: { session, message: CASH_UP_TEXTS.opened(session.till_name) } });
    },
  });

  app.route({
    ...declared(getTillSession, { tags }),
    handler: async (request) => {
      const base = await scoped(app, request.staff!);
      const session = await findTillSession(app.db, { ...base, sessionId: request.params.id });
      if (!session) throw notFound(CASH_UP_TEXTS.sessionNotFound);
      return { data: { session, message: '' } };
    },
  });

  app.route({
    ...declared(closeTill, { tags }),
    handler: async (request) => {
      const body = normaliseCount(request.body);
      const session = await closeSession(app.db, {
        ...(await scoped(app, request.staff!)),
        sessionId: request.params.id,
        body,
      });
      return { data: { session, message: CASH_UP_TEXTS.closed(session.till_name) } };
    },
  });

  app.route({
    ...declared(listCashUp, { tags }),
    handler: async (request) => {
      const base = await scoped(app, request.staff!);
      const q = request.query;
      return {
        data: await findCashUpDays(app.db, {
          ...base,
          venueId: q.venue_id,
          ...cashUpPeriod(q, base.now),
          page: q.page,
          perPage: q.per_page,
        }),
      };
    },
  });

  // Managing tills, adjusting and closing a day: administrators and centre managers (403 for front desk).
  await app.register(async (managers: Parameters<FastifyPluginAsyncZod>[0]) => {
    staffScope(managers, MANAGERS);

    managers.route({
      ...declared(createTill, { tags }),
      handler: async (request, reply) => {
        const till = await addTill(app.db, {
          ...(await scoped(app, request.staff!)),
          venueId: request.body.venue_id,
          name: request.body.name,
        });
        return reply.code(201).send({ data: till });
      },
    });

    managers.route({
      ...declared(updateTill, { tags }),
      handler: async (request) => ({
        data: await changeTill(app.db, {
          ...(await scoped(app, request.staff!)),
          tillId: request.params.id,
          name: request.body.name,
          archived: request.body.archived,
        }),
      }),
    });

    managers.route({
      ...declared(adjustTillSession, { tags }),
      handler: async (request, reply) => {
        const session = await adjustSession(app.db, {
          ...(await scoped(app, request.staff!)),
          sessionId: request.params.id,
          ...request.body,
        });
        return reply.code(201).send({ data: { session, message: CASH_UP_TEXTS.adjusted } });
      },
    });

    managers.route({
      ...declared(closeCashUpDay, { tags }),
      handler: async (request, reply) => {
        const data = await closeDay(app.db, {
          ...(await scoped(app, request.staff!)),
          venueId: request.body.venue_id,
          date: request.body.date,
        });
        return reply.code(201).send({ data });
      },
    });
  });
};

/**
 * The cash-up report (issue 37): administrators and finance see every venue, centre managers theirs (a venue
 * outside their scope answers no days); front desk gets 403. JSON by day, paged, and the whole period as CSV.
 */
export const staffCashUpReportRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'finance', 'centre_manager']);

  app.route({
    ...declared(cashUpReport, { tags }),
    handler: async (request) => {
      const base = await scoped(app, request.staff!);
      const q = request.query;
      return {
        data: await findCashUpDays(app.db, {
          ...base,
          venueId: q.venue_id,
          ...cashUpPeriod(q, base.now),
          page: q.page,
          perPage: q.per_page,
        }),
      };
    },
  });

  app.route({
    ...declared(cashUpReportCsv, { tags }),
    handler: async (request, reply) => {
      const base = await scoped(app, request.staff!);
      const q = request.query;
      const period = cashUpPeriod(q, base.now);
      const { days } = await findCashUpDays(app.db, {
        ...base,
        venueId: q.venue_id,
        ...period,
        page: 1,
        perPage: 100_000,
      });
      return sendCsv(reply, `cash-up-${period.from}-to-${period.to}.csv`, cashUpCsv(days));
    },
  });
};

export default staffCashUpRoutes;
