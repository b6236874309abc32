import fp from 'fastify-plugin';

/**
 * Stripe.js and its frames (the card fields, 3-D Secure), as Stripe's integration security guide lists them: only
 * while Stripe is the card provider (decision 038). img-src already allows any https image.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Content-Security-Policy per request: the tag manager only when the client has a container id, Stripe.js only when
 * Stripe is the card provider. The sites may be framed by themselves (and each other in sub-domain mode) and by the
 * origins in EMBED_ALLOWED_ORIGINS only.
 */
export default fp(
  async (app) => {
    const otherSites = app.config.siteUrls ? Object.values(app.config.siteUrls) : [];
    const frameAncestors = ["'self'", ...otherSites, ...app.config.embedAllowedOrigins].join(' ');
    const isStripe = app.config.paymentProvider === 'stripe';
    const stripeScripts = isStripe ? ` ${STRIPE.script.join(' ')}` : '';
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html')) return payload;
      let hasGtm = false;
      try {
        hasGtm = Boolean((await app.findCurrentClient())?.opGtmId);
      } catch (err) {
        request.log.warn({ err }, 'Could not load the client for the CSP');
      }
      const gtm = hasGtm ? ' https://www.googletagmanager.com' : '';
      const connect = [
        "'self'",
        ...otherSites,
        ...(hasGtm ? ['https://www.google-analytics.com'] : []),
        // A configured map style names its own tile, glyph and sprite hosts, which MapLibre fetches.
        ...(app.config.mapStyleUrl ? ['https:'] : []),
        ...(isStripe ? STRIPE.connect : []),
      ].join(' ');
      reply.header(
        'content-security-policy',
        [
          "default-src 'self'",
          "img-src 'self' data: https:",
          "style-src 'self' 'unsafe-inline'",
          `script-src 'self'${gtm}${stripeScripts}`,
          // Without Stripe, frames fall back to default-src 'self'.
          ...(isStripe ? [`frame-src 'self' ${STRIPE.frame.join(' ')}`] : []),
          "font-src 'self' data:",
          `connect-src ${connect}`,
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          `frame-ancestors ${frameAncestors}`,
        ].join('; '),
      );
      return payload;
    });
  },
  { name: 'app-csp', dependencies: ['app-client'] },
);
