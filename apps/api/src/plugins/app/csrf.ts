import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_FAILED_STATUS, CSRF_HEADER, DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createToken } from '../../lib/tokens.ts';

/** Methods that change nothing; every other method is unsafe and needs the token. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets a new `fh_csrf` token on the reply. The hook below gives one to a browser that has none; logging in
     * (customers and staff) calls it too, so a token planted before login is not carried into the session.
     */
    issueCsrfToken: (request: FastifyRequest, reply: FastifyReply) => void;
  }
  interface FastifyContextConfig {
    /**
     * false: this route takes unsafe calls without the CSRF token. Only for calls that never come from a browser
     * and prove themselves otherwise: a payment provider's signed webhook (POST /api/webhooks/stripe).
     */
    csrf?: boolean;
  }
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit cookie: every response sets a readable `fh_csrf` cookie when the browser has none (except a
 * shared reply: a GET of a `sharedCache` route, the same for every guest and `Cache-Control: public`, which must
 * not hand one visitor's token to a shared cache, nor be left uncached by one; decision 031), and every
 * unsafe call (any method but GET, HEAD and OPTIONS) must echo it in the `x-csrf-token` header (else 419).
 * The check does not look at the path: the router decodes percent-escapes (`/%61pi/…` is `/api/…`), so a
 * check by the raw URL can be walked around (decision 019).
 */
export default fp(
  async (app) => {
    const domain = app.config.cookieDomain ?? undefined;
    app.decorate('issueCsrfToken', (request: FastifyRequest, reply: FastifyReply) => {
      reply.setCookie(CSRF_COOKIE, createToken(24), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
        domain,
      });
    });
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      const shared = request.routeOptions.config?.sharedCache && SAFE.has(request.method);
      if (!cookie && !shared) app.issueCsrfToken(request, reply);
      if (SAFE.has(request.method) || request.routeOptions.config?.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !equal(header, cookie)) {
        return reply.code(CSRF_FAILED_STATUS).send({ message: DEFAULT_ERROR_TEXTS.csrf });
      }
    });
  },
  { name: 'app-csrf', dependencies: ['external-cookie'] },
);
