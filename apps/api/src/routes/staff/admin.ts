import {
  createStaffAccount,
  listStaffAccounts,
  listStaffAudit,
  listStaffVenues,
  setStaffAccountStatus,
} from '@fieldhouse/contract/routes/staff';
import { asc, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { venues } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { staffScope } from '../../plugins/app/staff-auth.ts';
import * as accounts from '../../services/staff/accounts.ts';
import { listAudit } from '../../services/staff/audit.ts';
import { declared } from '../declared.ts';

const tags = ['staff'];

/** Administrators only: staff accounts, the audit log, the venue list for the account form. */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator']);

  app.route({
    ...declared(listStaffAccounts, { tags }),
    handler: async () => ({ data: await accounts.listStaff(app.db) }),
  });

  app.route({
    ...declared(createStaffAccount, { tags }),
    handler: async (request, reply) => {
      const { email, name, role, venue_ids, password } = request.body;
      const staff = request.staff!;
      try {
        const data = await app.db.transaction((tx) =>
          accounts.createStaffAccount(
            tx,
            { email, name, role, venueIds: venue_ids, password },
            { staffId: staff.id, name: staff.name },
            app.now(),
          ),
        );
        return reply.code(201).send({ data });
      } catch (error) {
        if (error instanceof accounts.StaffAccountError) throw fieldError(error.field, error.message);
        throw error;
      }
    },
  });

  app.route({
    ...declared(setStaffAccountStatus, { tags }),
    handler: async (request) => {
      const staff = request.staff!;
      try {
        const data = await app.db.transaction((tx) =>
          accounts.setStaffAccountDisabled(
            tx,
            { staffId: request.params.id, disabled: request.body.disabled },
            { staffId: staff.id, name: staff.name },
            app.now(),
          ),
        );
        if (!data) throw notFound();
        return { data };
      } catch (error) {
        if (error instanceof accounts.StaffAccountError) throw fieldError(error.field, error.message);
        throw error;
      }
    },
  });

  app.route({
    ...declared(listStaffAudit, { tags }),
    handler: async (request) => ({
      data: await listAudit(app.db, { page: request.query.page, staffId: request.query.staff_id }),
    }),
  });

  app.route({
    ...declared(listStaffVenues, { tags }),
    handler: async () => ({
      data: await app.db
        .select({ id: venues.id, name: venues.name, slug: venues.slug })
        .from(venues)
        .where(isNull(venues.archivedAt))
        .orderBy(asc(venues.name)),
    }),
  });
};
export default staffAdminRoutes;
