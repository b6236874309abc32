import { LOGGED_IN_COOKIE, SESSION_COOKIE, UNAUTHENTICATED } from '@fieldhouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionCustomer } from '../../services/auth/sessions.ts';

export type AuthenticatedCustomer = { id: number; clientId: number; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    customer: AuthenticatedCustomer | null;
  }
  interface FastifyInstance {
    /** onRequest hook for protected prefixes: 401 (and cleared cookies) without a live session. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook for public routes with personal extras: sets request.customer when a live session exists. */
    identify: (request: FastifyRequest) => Promise<void>;
    setSessionCookies: (request: FastifyRequest, reply: FastifyReply, token: string) => void;
    clearSessionCookies: (request: FastifyRequest, reply: FastifyReply) => void;
  }
  interface FastifyContextConfig {
    /**
     * What the route asks of the caller's session, for the API document's `security`: 'required' (authenticate,
     * else 401) or 'optional' (identify: personal extras when logged in). Set by `sessionScope`; a route's own
     * `onRequest: app.authenticate` is recognised without it.
     */
    session?: 'required' | 'optional';
  }
}

/**
 * Makes every route of this scope (and its children) check the session: 'required' adds `app.authenticate`,
 * 'optional' adds `app.identify`. It also records the choice on each route, so the OpenAPI document states it.
 */
export function sessionScope(app: FastifyInstance, session: 'required' | 'optional') {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, session };
  });
  app.addHook('onRequest', session === 'required' ? app.authenticate : app.identify);
}

export default fp(
  async (app) => {
    const { cookieDomain, sessionTtlDays } = app.config;
    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      sameSite: 'lax' as const,
      secure: request.protocol === 'https',
      domain: cookieDomain ?? undefined,
    });

    app.decorateRequest('customer', null);

    app.decorate('setSessionCookies', (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const maxAge = Math.round(sessionTtlDays * 24 * 60 * 60);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge });
      reply.setCookie(LOGGED_IN_COOKIE, '1', { ...cookieOptions(request), httpOnly: false, maxAge });
      // A new session gets a new CSRF token: the token the browser held as a guest, which someone else could have
      // planted, is not carried into the logged-in session. The web client reads the cookie on every write, so the
      // next call sends the new one.
      app.issueCsrfToken(request, reply);
    });

    app.decorate('clearSessionCookies', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
      reply.clearCookie(LOGGED_IN_COOKIE, { ...cookieOptions(request), httpOnly: false });
    });

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      const found = token ? await findSessionCustomer(app.db, token, app.now()) : null;
      if (!found) {
        app.clearSessionCookies(request, reply);
        return reply.code(401).send({ message: UNAUTHENTICATED });
      }
      request.customer = found;
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      request.customer = token ? await findSessionCustomer(app.db, token, app.now()) : null;
    });
  },
  { name: 'app-auth', dependencies: ['app-db', 'app-csrf', 'external-cookie'] },
);
