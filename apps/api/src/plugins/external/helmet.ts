import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The Content-Security-Policy depends on the client (tag manager) and the site URLs,
 * so plugins/app/csp sets it, with frame-ancestors from EMBED_ALLOWED_ORIGINS. X-Frame-Options is off: it cannot
 * name several origins, and CSP frame-ancestors takes precedence over it in browsers.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: false,
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginOpenerPolicy: false,
    });
  },
  { name: 'external-helmet' },
);
