import { STAFF_SESSION_COOKIE, STAFF_TEXTS, TOO_MANY_ATTEMPTS } from '@fieldhouse/contract';
import {
  changeStaffPassword,
  checkStaffPasswordLink,
  confirmOwnStaffTotp,
  getStaffMe,
  resetStaffPassword,
  staffLogin,
  staffLogout,
  startOwnStaffTotp,
} from '@fieldhouse/contract/routes/staff';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactionRetried } from '../../db/connection-errors.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { staffScope } from '../../plugins/app/staff-auth.ts';
import { LoginThrottle } from '../../services/auth/login-throttle.ts';
import {
  changeOwnStaffPassword,
  describeStaff,
  findStaff,
  StaffAccountError,
} from '../../services/staff/accounts.ts';
import { recordAudit } from '../../services/staff/audit.ts';
import { attemptStaffLogin } from '../../services/staff/login.ts';
import {
  checkStaffPasswordLink as checkLink,
  resetStaffPasswordWithLink,
} from '../../services/staff/password-links.ts';
import { createStaffSession, revokeStaffSession } from '../../services/staff/sessions.ts';
import { confirmTotpSetup, startTotpSetup } from '../../services/staff/totp-setup.ts';
import { declared } from '../declared.ts';

const tags = ['staff'];

/**
 * Staff login and logout and the password links an administrator mails (public), and the staff member's own account
 * (any staff role): who is logged in, their password, their authenticator app.
 */
const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  const throttle = new LoginThrottle(app.counters, {
    failuresPerAddress: limits.loginFailuresPerAccount,
    failuresAllAddresses: limits.loginFailuresPerAccountAllAddresses,
    firstDelaySeconds: limits.loginFirstDelaySeconds,
    maxDelaySeconds: limits.loginMaxDelaySeconds,
  });

  app.route({
    ...declared(staffLogin, { tags }),
    config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const now = app.now();
      const outcome = await attemptStaffLogin(app.db, throttle, {
        ...request.body,
        address: request.ip,
        now,
      });
      if (outcome.kind === 'throttled') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }
      if (outcome.kind === 'invalid') throw fieldError('email', STAFF_TEXTS.invalidCredentials);
      if (outcome.kind === 'invalid_code') throw fieldError('code', STAFF_TEXTS.invalidCode);
      if (outcome.kind === 'code_required') return { data: { staff: null, code_required: true } };
      const { account } = outcome;
      const token = await app.db.transaction(async (tx) => {
        const created = await createStaffSession(tx, {
          staffId: account.id,
          now,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        await recordAudit(tx, { staffId: account.id, name: account.name }, now, {
          action: 'staff.login',
          entity: 'staff_account',
          entityId: account.id,
          before: null,
          after: { ip: request.ip },
        });
        return created;
      });
      app.setStaffSessionCookie(request, reply, token);
      // A new CSRF token with the new session (as for customers): one planted before login is not carried over.
      app.issueCsrfToken(request, reply);
      return { data: { staff: await describeStaff(app.db, account), code_required: false } };
    },
  });

  app.route({
    ...declared(staffLogout, { tags }),
    handler: async (request, reply) => {
      const token = request.cookies[STAFF_SESSION_COOKIE];
      if (token) await revokeStaffSession(app.db, token, app.now());
      app.clearStaffSessionCookie(request, reply);
      return { data: { logged_out: true } };
    },
  });

  // A mailed password link (decision 072): whose it is, then the new password. Throttled by address (the token is
  // 32 random bytes; the limit keeps the calls from being a way to hammer the database).
  app.route({
    ...declared(checkStaffPasswordLink, { tags }),
    config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request) => ({ data: await checkLink(app.db, request.body.token, app.now()) }),
  });

  app.route({
    ...declared(resetStaffPassword, { tags }),
    config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request) => {
      const input = { token: request.body.token, password: request.body.password, now: app.now() };
      await transactionRetried(app.db, (tx) => resetStaffPasswordWithLink(tx, input));
      return { data: { changed: true as const } };
    },
  });

  await app.register(async (instance) => {
    const scoped = instance.withTypeProvider<ZodTypeProvider>();
    staffScope(scoped, ['administrator', 'centre_manager', 'front_desk']);
    scoped.route({
      ...declared(getStaffMe, { tags }),
      handler: async (request) => {
        const account = await findStaff(app.db, request.staff!.id);
        return { data: await describeStaff(app.db, account!) };
      },
    });
    scoped.route({
      ...declared(changeStaffPassword, { tags }),
      // Guessing the current password through this call is throttled like a login from one address.
      config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
      handler: async (request) => {
        const staff = request.staff!;
        try {
          const { otherSessionsEnded } = await app.db.transaction((tx) =>
            changeOwnStaffPassword(
              tx,
              {
                staffId: staff.id,
                sessionId: staff.sessionId,
                currentPassword: request.body.current_password,
                password: request.body.password,
              },
              { staffId: staff.id, name: staff.name },
              app.now(),
            ),
          );
          return { data: { changed: true as const, other_sessions_ended: otherSessionsEnded } };
        } catch (error) {
          if (error instanceof StaffAccountError) throw fieldError(error.field, error.message);
          throw error;
        }
      },
    });
    // The staff member's own authenticator app: a new secret, then its first code (the one they had, if any, works
    // until then).
    scoped.route({
      ...declared(startOwnStaffTotp, { tags }),
      handler: async (request) => {
        const setup = await app.db.transaction((tx) =>
          startTotpSetup(tx, { staffId: request.staff!.id, now: app.now() }),
        );
        return {
          data: {
            secret: setup!.secret,
            otpauth_uri: setup!.otpauthUri,
            expires_at: setup!.expiresAt.toISOString(),
          },
        };
      },
    });
    scoped.route({
      ...declared(confirmOwnStaffTotp, { tags }),
      config: { rateLimit: { max: limits.loginPerIpPerMinute, timeWindow: 60_000 } },
      handler: async (request) => {
        const staff = request.staff!;
        try {
          const account = await app.db.transaction((tx) =>
            confirmTotpSetup(
              tx,
              { staffId: staff.id, code: request.body.code, now: app.now() },
              { staffId: staff.id, name: staff.name },
            ),
          );
          return { data: await describeStaff(app.db, account!) };
        } catch (error) {
          if (error instanceof StaffAccountError) throw fieldError(error.field, error.message);
          throw error;
        }
      },
    });
  });
};
export default staffAuthRoutes;
