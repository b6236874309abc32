import {
  CHECK_YOUR_EMAIL,
  INVALID_CREDENTIALS,
  LOGGED_OUT,
  MEMBER_TEXTS,
  MULTIPLE_LOGIN_MATCHES,
  PASSWORD_UPDATED,
  SESSION_COOKIE,
  TOO_MANY_ATTEMPTS,
} from '@fieldhouse/contract';
import {
  forgottenPassword,
  login,
  logout,
  register,
  resetPassword,
  validatePasswordReset,
} from '@fieldhouse/contract/routes/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionRetried } from '../../db/connection-errors.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { attemptLogin } from '../../services/auth/login.ts';
import { LoginThrottle } from '../../services/auth/login-throttle.ts';
import * as passwordReset from '../../services/auth/password-reset.ts';
import { createSession, revokeSession } from '../../services/auth/sessions.ts';
import { hashNewPassword, registerCustomer } from '../../services/customers/register.ts';
import { findUser } from '../../services/users/user-service.ts';
import { declared } from '../declared.ts';
import { accountUrl, requireClient } from '../request-helpers.ts';

/** Public auth calls: login, logout, register, forgotten password, password reset. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  const throttle = new LoginThrottle(app.counters, {
    failuresPerAddress: limits.loginFailuresPerAccount,
    failuresAllAddresses: limits.loginFailuresPerAccountAllAddresses,
    firstDelaySeconds: limits.loginFirstDelaySeconds,
    maxDelaySeconds: limits.loginMaxDelaySeconds,
  });
  const perIpPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
  const tags = ['auth'];

  async function startSession(request: FastifyRequest, reply: FastifyReply, customerId: number) {
    const token = await createSession(app.db, {
      customerId,
      ttlDays: app.config.sessionTtlDays,
      now: app.now(),
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    app.setSessionCookies(request, reply, token);
  }

  app.route({
    ...declared(login, { tags }),
    config: perIpPerMinute(limits.loginPerIpPerMinute),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const client = await requireClient(app);
      const outcome = await attemptLogin(app.db, throttle, {
        clientId: client.id,
        username,
        password,
        address: request.ip,
      });
      if (outcome.kind === 'throttled') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }
      if (outcome.kind === 'invalid') throw fieldError('username', INVALID_CREDENTIALS);
      if (outcome.kind === 'multiple') throw fieldError('username', MULTIPLE_LOGIN_MATCHES);
      await startSession(request, reply, outcome.customerId);
      return { data: await findUser(app.db, outcome.customerId, client, app.now()) };
    },
  });

  app.route({
    ...declared(logout, { tags }),
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(app.db, token, app.now());
      app.clearSessionCookies(request, reply);
      return { data: { message: LOGGED_OUT } };
    },
  });

  app.route({
    ...declared(register, { tags }),
    config: perIpPerMinute(limits.loginPerIpPerMinute),
    handler: async (request, reply) => {
      const client = await requireClient(app);
      if (request.body.client_id !== client.id)
        throw fieldError('client_id', 'The selected client is invalid.');
      const now = app.now();
      const passwordHash = await hashNewPassword(request.body);
      const registration = await transactionRetried(app.db, (tx) =>
        registerCustomer(tx, {
          client,
          body: request.body,
          passwordHash,
          now,
          accountUrl: accountUrl(app, request),
        }),
      );
      // A walk-in's email: their record is claimed through the link mailed to it, not here (decision 070).
      if (registration.kind === 'walk_in_invited')
        throw fieldError('email', MEMBER_TEXTS.registrationClaimed);
      const { customerId } = registration;
      await startSession(request, reply, customerId);
      return reply.code(201).send({ data: await findUser(app.db, customerId, client, now) });
    },
  });

  app.route({
    ...declared(forgottenPassword, { tags }),
    config: perIpPerMinute(limits.forgottenPasswordPerIpPerMinute),
    handler: async (request) => {
      const client = await requireClient(app);
      const customer = await passwordReset.findResetAccount(
        app.db,
        client.id,
        request.body.email_or_reference,
      );
      // Known or not, the reply takes the same time: the writes for a known account happen after it.
      if (customer) {
        const input = { client, customer, now: app.now(), accountUrl: accountUrl(app, request) };
        app.background.run('password reset mail', () => passwordReset.sendPasswordReset(app.db, input));
      }
      return { data: { message: CHECK_YOUR_EMAIL } };
    },
  });

  app.route({
    ...declared(validatePasswordReset, { tags }),
    config: perIpPerMinute(limits.forgottenPasswordPerIpPerMinute * 3),
    handler: async (request) => ({
      data: await passwordReset.validateResetToken(app.db, request.body.token, app.now()),
    }),
  });

  app.route({
    ...declared(resetPassword, { tags }),
    config: perIpPerMinute(limits.forgottenPasswordPerIpPerMinute * 3),
    handler: async (request) => {
      await passwordReset.resetPassword(app.db, {
        token: request.body.token,
        password: request.body.password,
        now: app.now(),
      });
      return { data: { message: PASSWORD_UPDATED } };
    },
  });
};
export default authRoutes;
