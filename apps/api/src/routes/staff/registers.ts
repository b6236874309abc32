import { DESK_TEXTS } from '@fieldhouse/contract';
import {
  getStaffRegister,
  listStaffRegisters,
  markStaffAttendance,
} from '@fieldhouse/contract/routes/staff-desk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, HttpError, notFound } from '../../lib/http-errors.ts';
import { parseLocalDate } from '../../lib/local-date.ts';
import { staffScope, venueScopeOf } from '../../plugins/app/staff-auth.ts';
import { findRegister, listRegisters, markAttendance } from '../../services/staff/desk/registers.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];
const scopeOf = venueScopeOf;

/** Registers: a venue's sessions of a day and who attended, at the staff member's venues (404 elsewhere). */
const staffRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator', 'centre_manager', 'front_desk']);

  app.route({
    ...declared(listStaffRegisters, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const staff = request.staff!;
      const date = request.query.date === undefined ? undefined : parseLocalDate(request.query.date);
      if (date === null) throw fieldError('date', DESK_TEXTS.dateFormat);
      const venueId = request.query.venue_id ?? staff.venueIds[0];
      const data =
        venueId === undefined
          ? null
          : await listRegisters(app.db, {
              clientId: client.id,
              venueId,
              date,
              scope: scopeOf(staff),
              now: app.now(),
            });
      if (!data) throw notFound(DESK_TEXTS.venueNotFound);
      return { data };
    },
  });

  app.route({
    ...declared(getStaffRegister, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const data = await findRegister(app.db, {
        clientId: client.id,
        sessionId: request.params.sessionId,
        scope: scopeOf(request.staff!),
      });
      if (!data) throw notFound(DESK_TEXTS.sessionNotFound);
      return { data };
    },
  });

  app.route({
    ...declared(markStaffAttendance, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const staff = request.staff!;
      const outcome = await markAttendance(app.db, {
        clientId: client.id,
        sessionId: request.params.sessionId,
        bookingId: request.params.bookingId,
        attended: request.body.attended,
        scope: scopeOf(staff),
        actor: { staffId: staff.id, name: staff.name },
        now: app.now(),
      });
      if (outcome.kind === 'session_not_found') throw notFound(DESK_TEXTS.sessionNotFound);
      if (outcome.kind === 'booking_not_found') throw notFound(DESK_TEXTS.bookingNotFound);
      if (outcome.kind === 'not_open') throw new HttpError(409, DESK_TEXTS.registerNotOpen);
      return { data: outcome.entry };
    },
  });
};
export default staffRegisterRoutes;
