import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_ERROR_TEXTS, type Site, type SiteConfig } from '@fieldhouse/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/escape-html.ts';

const PLACEHOLDER = '<!--fh-config-->';
const SITE_HTML: Record<Site, string> = {
  bookings: 'index.html',
  account: 'account/index.html',
  join: 'join/index.html',
};
const SINGLE_ORIGIN_BASENAMES: Record<Site, string> = { bookings: '/', account: '/account', join: '/join' };
const SINGLE_ORIGIN_URLS = { bookings: '', account: '/account', join: '/join' };

const hostOf = (url: string) => new URL(url).host.toLowerCase();

/** Which site a request is for: by Host in sub-domain mode, by path prefix in single-origin mode. */
export function pickSite(app: FastifyInstance, request: FastifyRequest, pathname: string): Site {
  const urls = app.config.siteUrls;
  if (urls) {
    const host = (request.headers.host ?? '').toLowerCase();
    const hostname = host.replace(/:\d+$/, '');
    for (const site of ['account', 'join', 'bookings'] as const) {
      const siteHost = hostOf(urls[site]);
      if (siteHost === host || siteHost === hostname) return site;
    }
    return 'bookings';
  }
  if (pathname === '/account' || pathname.startsWith('/account/')) return 'account';
  if (pathname === '/join' || pathname.startsWith('/join/')) return 'join';
  return 'bookings';
}

export function buildSiteConfig(app: FastifyInstance, site: Site, clientId: number): SiteConfig {
  const urls = app.config.siteUrls;
  return {
    site,
    basename: urls ? '/' : SINGLE_ORIGIN_BASENAMES[site],
    urls: urls ? { ...urls } : { ...SINGLE_ORIGIN_URLS },
    client_id: clientId,
    cookie_domain: app.config.cookieDomain,
    demo: app.config.demoMode,
    kiosk_idle_ms: app.config.kioskIdleSeconds * 1000,
    kiosk_second_idle_ms: app.config.kioskSecondIdleSeconds * 1000,
    map_style_url: app.config.mapStyleUrl,
  };
}

export const injectSiteConfig = (html: string, config: SiteConfig) =>
  html.replace(PLACEHOLDER, `<meta name="fh-config" content="${escapeHtml(JSON.stringify(config))}">`);

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built web app from WEB_DIST: static files (hashed /assets/* cached for a year, sent pre-compressed
 * with brotli or gzip when the browser accepts it) and, for every
 * other GET, the right site's index.html with its fh-config meta tag (SPA fallback). Unknown /api paths are 404 JSON.
 */
const webRoutes: FastifyPluginAsync = async (app) => {
  const root = app.config.webDist;
  // preCompressed: sendFile answers with the build's .br or .gz copy when the browser accepts it (Vary set).
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true, preCompressed: true });
  await app.register(fastifyStatic, {
    root: path.resolve(import.meta.dirname, '../../../static'),
    prefix: '/api/static/',
    decorateReply: false,
    maxAge: '1d',
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: DEFAULT_ERROR_TEXTS.notFound });
    }
    const relative = path.normalize(pathname).replace(/^([/\\])+/, '');
    const file = path.join(root, relative);
    // A dotted last segment may still be an SPA route (e.g. /centre/st.helens) when a browser asks for HTML.
    const isHtmlRequest =
      !path.extname(pathname) ||
      pathname.endsWith('.html') ||
      (!pathname.startsWith('/assets/') && String(request.headers.accept ?? '').includes('text/html'));
    if (!isHtmlRequest && file.startsWith(root + path.sep) && (await isFile(file))) {
      const immutable = relative.startsWith(`assets${path.sep}`);
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .sendFile(relative, { cacheControl: false });
    }
    if (!isHtmlRequest) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');

    const site = pickSite(app, request, pathname);
    let html: string;
    try {
      html = await readFile(path.join(root, SITE_HTML[site]), 'utf8');
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `The web app has not been built (no ${SITE_HTML[site]} in ${root}). Run \`npm run build\` and restart.`,
        );
    }
    const client = await app.findCurrentClient();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectSiteConfig(html, buildSiteConfig(app, site, client?.id ?? app.config.clientId ?? 0)));
  });
};
export default webRoutes;
