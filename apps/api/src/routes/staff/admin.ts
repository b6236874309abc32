import {
  confirmStaffTotp,
  createStaffAccount,
  listStaffAccounts,
  listStaffAudit,
  listStaffVenues,
  resetStaffTotp,
  sendStaffPasswordReset,
  setStaffAccountStatus,
  startStaffTotp,
  updateStaffAccount,
} from '@fieldhouse/contract/routes/staff';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.ts';
import { transactionRetried } from '../../db/connection-errors.ts';
import { venues } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { type AuthenticatedStaff, staffScope } from '../../plugins/app/staff-auth.ts';
import * as accounts from '../../services/staff/accounts.ts';
import { listAudit } from '../../services/staff/audit.ts';
import { sendStaffPasswordLink } from '../../services/staff/password-links.ts';
import { confirmTotpSetup, resetTotp, startTotpSetup } from '../../services/staff/totp-setup.ts';
import { declared } from '../declared.ts';
import { requireClient } from '../request-helpers.ts';

const tags = ['staff'];

/** The console's base URL for links in mail: ADMIN_URL (the console at its host's root), or this origin + '/admin'. */
export const consoleUrl = (app: FastifyInstance, request: FastifyRequest) =>
  app.config.adminUrl ?? `${request.protocol}://${request.host}/admin`;

const actorOf = (staff: AuthenticatedStaff) => ({ staffId: staff.id, name: staff.name });

/**
 * One change to a staff account in its own transaction (run again after a deadlock): null from the service is 404,
 * a refused change 422 under its field.
 */
async function changeAccount<T>(app: FastifyInstance, work: (tx: Tx) => Promise<T | null>): Promise<T> {
  try {
    const data = await transactionRetried(app.db, work);
    if (data === null) throw notFound();
    return data;
  } catch (error) {
    if (error instanceof accounts.StaffAccountError) throw fieldError(error.field, error.message);
    throw error;
  }
}

/**
 * Administrators only: staff accounts (made, changed, disabled, their password reset and their authenticator set up
 * or removed; decision 072), the audit log, the venue list for the account form.
 */
const staffAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  staffScope(app, ['administrator']);
  const limits = app.config.rateLimits;

  app.route({
    ...declared(listStaffAccounts, { tags }),
    handler: async () => ({ data: await accounts.listStaff(app.db) }),
  });

  app.route({
    ...declared(createStaffAccount, { tags }),
    handler: async (request, reply) => {
      const { email, name, role, venue_ids, password } = request.body;
      const staff = request.staff!;
      const client = await requireClient(app);
      try {
        const data = await app.db.transaction((tx) =>
          accounts.createStaffAccount(
            tx,
            { email, name, role, venueIds: venue_ids, password, clientId: client.id },
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
    ...declared(updateStaffAccount, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const input = {
        staffId: request.params.id,
        role: request.body.role,
        venueIds: request.body.venue_ids,
        clientId: client.id,
      };
      const data = await changeAccount(app, (tx) =>
        accounts.updateStaffAccount(tx, input, actorOf(request.staff!), app.now()),
      );
      return { data };
    },
  });

  app.route({
    ...declared(sendStaffPasswordReset, { tags }),
    handler: async (request) => {
      const client = await requireClient(app);
      const input = {
        staffId: request.params.id,
        now: app.now(),
        consoleUrl: consoleUrl(app, request),
        clientName: client.name,
      };
      const sent = await changeAccount(app, (tx) =>
        sendStaffPasswordLink(tx, input, actorOf(request.staff!)),
      );
      return {
        data: {
          sent_to: sent.sentTo,
          expires_at: sent.expiresAt.toISOString(),
          sessions_ended: sent.sessionsEnded,
        },
      };
    },
  });

  app.route({
    ...declared(startStaffTotp, { tags }),
    handler: async (request) => {
      const setup = await changeAccount(app, (tx) =>
        startTotpSetup(tx, { staffId: request.params.id, now: app.now() }),
      );
      return {
        data: {
          secret: setup.secret,
          otpauth_uri: setup.otpauthUri,
          expires_at: setup.expiresAt.toISOString(),
        },
      };
    },
  });

  app.route({
    ...declared(confirmStaffTotp, { tags }),
    // Guessing the code is throttled like a login from one address.
    config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request) => {
      const account = await changeAccount(app, (tx) =>
        confirmTotpSetup(
          tx,
          { staffId: request.params.id, code: request.body.code, now: app.now() },
          actorOf(request.staff!),
        ),
      );
      return { data: await accounts.describeStaff(app.db, account) };
    },
  });

  app.route({
    ...declared(resetStaffTotp, { tags }),
    handler: async (request) => {
      const account = await changeAccount(app, (tx) =>
        resetTotp(tx, { staffId: request.params.id, now: app.now() }, actorOf(request.staff!)),
      );
      return { data: await accounts.describeStaff(app.db, account) };
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
    handler: async () => {
      const client = await requireClient(app);
      return {
        data: await app.db
          .select({ id: venues.id, name: venues.name, slug: venues.slug })
          .from(venues)
          .where(and(eq(venues.clientId, client.id), isNull(venues.archivedAt)))
          .orderBy(asc(venues.name)),
      };
    },
  });
};
export default staffAdminRoutes;
