import {
  auditQuery,
  auditReply,
  envelope,
  staffAccountBody,
  staffAccountParams,
  staffAccountReply,
  staffAccountStatusBody,
  staffAccountsReply,
  staffVenue,
} from '@fieldhouse/contract';
import { asc, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { venues } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { staffScope } from '../../plugins/app/staff-auth.ts';
import {
  createStaffAccount,
  listStaff,
  StaffAccountError,
  setStaffAccountDisabled,
} from '../../services/staff/accounts.ts';
import { listAudit } from '../../services/staff/audit.ts';

/** Administrators only: staff accounts, the audit log, the venue list for the account form. */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator']);

  app.get(
    '/api/staff/accounts',
    { schema: { tags: ['staff'], response: { 200: staffAccountsReply } } },
    async () => ({ data: await listStaff(app.db) }),
  );

  app.post(
    '/api/staff/accounts',
    { schema: { tags: ['staff'], body: staffAccountBody, response: { 201: staffAccountReply } } },
    async (request, reply) => {
      const { email, name, role, venue_ids, password } = request.body;
      const staff = request.staff!;
      try {
        const data = await app.db.transaction((tx) =>
          createStaffAccount(
            tx,
            { email, name, role, venueIds: venue_ids, password },
            { staffId: staff.id, name: staff.name },
            app.now(),
          ),
        );
        return reply.code(201).send({ data });
      } catch (error) {
        if (error instanceof StaffAccountError) throw fieldError(error.field, error.message);
        throw error;
      }
    },
  );

  app.put(
    '/api/staff/accounts/:id/status',
    {
      schema: {
        tags: ['staff'],
        params: staffAccountParams,
        body: staffAccountStatusBody,
        response: { 200: staffAccountReply },
      },
    },
    async (request) => {
      const staff = request.staff!;
      try {
        const data = await app.db.transaction((tx) =>
          setStaffAccountDisabled(
            tx,
            { staffId: request.params.id, disabled: request.body.disabled },
            { staffId: staff.id, name: staff.name },
            app.now(),
          ),
        );
        if (!data) throw notFound();
        return { data };
      } catch (error) {
        if (error instanceof StaffAccountError) throw fieldError(error.field, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/staff/audit',
    { schema: { tags: ['staff'], querystring: auditQuery, response: { 200: auditReply } } },
    async (request) => ({
      data: await listAudit(app.db, { page: request.query.page, staffId: request.query.staff_id }),
    }),
  );

  app.get(
    '/api/staff/venues',
    { schema: { tags: ['staff'], response: { 200: envelope(z.array(staffVenue)) } } },
    async () => ({
      data: await app.db
        .select({ id: venues.id, name: venues.name, slug: venues.slug })
        .from(venues)
        .where(isNull(venues.archivedAt))
        .orderBy(asc(venues.name)),
    }),
  );
};
export default staffAdminRoutes;
