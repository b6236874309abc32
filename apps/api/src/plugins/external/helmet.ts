import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The Content-Security-Policy depends on the client (tag manager) and the site URLs,
 * so plugins/app/csp sets it; X-Frame-Options is off because operators embed the sites in iframes.
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
