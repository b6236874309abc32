import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_FAILED_STATUS, CSRF_HEADER, DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createToken } from '../../lib/tokens.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Double-submit cookie: every response sets a readable `fh_csrf` cookie when the browser has none, and every
 * unsafe call under /api must echo it in the `x-csrf-token` header (else 419).
 */
export default fp(
  async (app) => {
    const domain = app.config.cookieDomain ?? undefined;
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(CSRF_COOKIE, createToken(24), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: request.protocol === 'https',
          domain,
        });
      }
      if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !equal(header, cookie)) {
        return reply.code(CSRF_FAILED_STATUS).send({ message: DEFAULT_ERROR_TEXTS.csrf });
      }
    });
  },
  { name: 'app-csrf', dependencies: ['external-cookie'] },
);
