import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  BOOT_DATA_ELEMENT_ID,
  DEFAULT_ERROR_TEXTS,
  FONT_PACKAGES,
  FONT_WEIGHTS,
  type FontStyle,
  type Site,
  type SiteBootData,
  type SiteConfig,
  themeFontFaces,
  VENUE_COOKIE,
} from '@fieldhouse/contract';
import { type ZoneClock, zoneClock } from '@fieldhouse/contract/clock';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/escape-html.ts';
import { NOT_SET_UP_RETRY_AFTER_SECONDS } from '../../lib/http-errors.ts';
import { DEFAULT_TIME_ZONE } from '../../lib/local-date.ts';
import { apiPath } from '../../paths.ts';
import { type ClientRow, findClient, toClientWire } from '../../services/clients/client-service.ts';
import { findCachedTheme } from '../request-helpers.ts';
import { notFoundPageHtml, setUpPageHtml } from './set-up-page.ts';

const PLACEHOLDER = '<!--fh-config-->';
const SITE_HTML: Record<Site, string> = {
  bookings: 'index.html',
  account: 'account/index.html',
  join: 'join/index.html',
  admin: 'admin/index.html',
};
const SINGLE_ORIGIN_BASENAMES: Record<Site, string> = {
  bookings: '/',
  account: '/account',
  join: '/join',
  admin: '/admin',
};
/** The member sites' links to each other; the staff console is linked from no member page (decision 034). */
const SINGLE_ORIGIN_URLS = { bookings: '', account: '/account', join: '/join' };

const hostOf = (url: string) => new URL(url).host.toLowerCase();
const isUnder = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether the request's Host is the host of `url` (with or without the port). */
function isHostOf(request: FastifyRequest, url: string): boolean {
  const host = (request.headers.host ?? '').toLowerCase();
  const siteHost = hostOf(url);
  return siteHost === host || siteHost === host.replace(/:\d+$/, '');
}

/**
 * Which site a request is for: the staff console by its own host (ADMIN_URL) or else by the /admin prefix on any
 * host; the member sites by Host in sub-domain mode, by path prefix in single-origin mode.
 */
export function pickSite(app: FastifyInstance, request: FastifyRequest, pathname: string): Site {
  const adminUrl = app.config.adminUrl;
  if (adminUrl ? isHostOf(request, adminUrl) : isUnder(pathname, '/admin')) return 'admin';
  const urls = app.config.siteUrls;
  if (urls) {
    for (const site of ['account', 'join', 'bookings'] as const) {
      if (isHostOf(request, urls[site])) return site;
    }
    return 'bookings';
  }
  if (isUnder(pathname, '/account')) return 'account';
  if (isUnder(pathname, '/join')) return 'join';
  return 'bookings';
}

const DAY_MS = 86_400_000;
let clockOfDay: { day: number; clock: ZoneClock } | null = null;

/**
 * The venue time zone's offsets from two years before today to three after, for the page's dates and times
 * (decision 063): worked out once a day (tens of milliseconds) and shared by every page.
 */
export function venueClock(now = Date.now()): ZoneClock {
  const day = Math.floor(now / DAY_MS);
  if (clockOfDay?.day !== day)
    clockOfDay = {
      day,
      clock: zoneClock(DEFAULT_TIME_ZONE, (day - 731) * DAY_MS, (day + 1096) * DAY_MS),
    };
  return clockOfDay.clock;
}

export function buildSiteConfig(app: FastifyInstance, site: Site, clientId: number): SiteConfig {
  const urls = app.config.siteUrls;
  const basename =
    site === 'admin'
      ? app.config.adminUrl
        ? '/'
        : SINGLE_ORIGIN_BASENAMES.admin
      : urls
        ? '/'
        : SINGLE_ORIGIN_BASENAMES[site];
  return {
    site,
    basename,
    urls: urls ? { ...urls } : { ...SINGLE_ORIGIN_URLS },
    client_id: clientId,
    cookie_domain: app.config.cookieDomain,
    demo: app.config.demoMode,
    kiosk_idle_ms: app.config.kioskIdleSeconds * 1000,
    kiosk_second_idle_ms: app.config.kioskSecondIdleSeconds * 1000,
    map_style_url: app.config.mapStyleUrl,
    // Only the publishable key: the secret key and the webhook secret never reach a page.
    card_payments: {
      provider: app.config.paymentProvider,
      publishable_key: app.config.stripe?.publishableKey ?? null,
    },
    clock: venueClock(),
  };
}

/** JSON that is safe inside a `<script>` element (no `</script>`, no `<!--`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const injectSiteConfig = (
  html: string,
  config: SiteConfig,
  boot: { data: SiteBootData | null; fontUrls: string[] } = { data: null, fontUrls: [] },
) =>
  html.replace(
    PLACEHOLDER,
    [
      `<meta name="fh-config" content="${escapeHtml(JSON.stringify(config))}">`,
      ...boot.fontUrls.map(
        (url) => `<link rel="preload" href="${escapeHtml(url)}" as="font" type="font/woff2" crossorigin>`,
      ),
      boot.data
        ? `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${scriptJson(boot.data)}</script>`
        : '',
    ].join(''),
  );

/** The venue slug in the fh_venue cookie the sites write (JSON { id, slug, name }), if any. */
function selectedVenueSlug(request: FastifyRequest): string | null {
  const raw = request.cookies?.[VENUE_COOKIE];
  if (!raw) return null;
  try {
    const slug = (JSON.parse(raw) as { slug?: unknown }).slug;
    return typeof slug === 'string' && slug.length > 0 && slug.length <= 100 ? slug : null;
  } catch {
    return null;
  }
}

/**
 * The theme and client the page starts with, so the browser paints without waiting for an API call: the theme
 * of the venue the member chose (as GET frontend/theme?venue=…, falling back to the default like the app does).
 */
async function buildBootData(
  app: FastifyInstance,
  request: FastifyRequest,
  client: ClientRow,
): Promise<SiteBootData> {
  const venue = selectedVenueSlug(request);
  // An unknown or removed venue: the operator's default theme, as the app's own fallback does.
  const venueTheme = venue ? await findCachedTheme(app, venue).catch(() => null) : null;
  return {
    theme: venueTheme ?? (await findCachedTheme(app)),
    theme_venue: venueTheme ? venue : null,
    client: toClientWire(client),
  };
}

/**
 * The built font files (woff2, latin) of each font style and weight, read once from Vite's manifest, so the page can
 * preload the faces its theme uses (`themeFontFaces`) while the scripts download.
 */
function fontFilesFromManifest(root: string): () => Promise<Map<string, string>> {
  let fonts: Promise<Map<string, string>> | null = null;
  return () => {
    fonts ??= readFile(path.join(root, '.vite/manifest.json'), 'utf8').then(
      (text) => {
        const manifest = Object.entries(JSON.parse(text) as Record<string, { file: string }>);
        const files = new Map<string, string>();
        for (const [style, pkg] of Object.entries(FONT_PACKAGES) as [FontStyle, string][]) {
          for (const weight of FONT_WEIGHTS) {
            const suffix = `@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`;
            const file = manifest.find(([key]) => key.endsWith(suffix))?.[1].file;
            if (file) files.set(`${style} ${weight}`, `/${file}`);
          }
        }
        return files;
      },
      () => new Map(),
    );
    return fonts;
  };
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Helmet's headers that apply to a document (or a plug-in, or an old Internet Explorer) and to nothing a script,
 * style sheet or font does: left off the hashed assets. They keep `X-Content-Type-Options: nosniff`,
 * `Cross-Origin-Resource-Policy` and `Strict-Transport-Security`.
 */
const DOCUMENT_ONLY_HEADERS = [
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app from WEB_DIST: static files (hashed /assets/* cached for a year, sent pre-compressed
 * with brotli or gzip when the browser accepts it) and, for every
 * other GET, the right site's index.html with its fh-config meta tag (SPA fallback). Unknown /api paths are 404 JSON.
 */
const webRoutes: FastifyPluginAsync = async (app) => {
  const root = app.config.webDist;
  const fontFiles = fontFilesFromManifest(root);
  const setUpPage = setUpPageHtml();
  const notFoundPage = notFoundPageHtml();
  // preCompressed: sendFile answers with the build's .br or .gz copy when the browser accepts it (Vary set).
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true, preCompressed: true });
  await app.register(fastifyStatic, {
    root: apiPath('static'),
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
      if (immutable) {
        // A hashed file never changes, so it needs no validators, and the headers that only mean something on a
        // document go too: about 280 bytes less on each of a page's dozen script requests (decision 021).
        for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      }
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .sendFile(relative, {
          cacheControl: false,
          etag: !immutable,
          lastModified: !immutable,
          acceptRanges: !immutable,
        });
    }
    if (!isHtmlRequest) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');

    const client = await app.findCurrentClient();
    if (!client) {
      // CLIENT_ID names an operator this database does not hold, beside others it does: the not-found page (issue
      // 43). An empty database is the first run, before the catalogue is imported: every site says so, rather than
      // an error (decision 028).
      if (app.config.clientId !== null && (await findClient(app.db, null)))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(notFoundPage);
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('retry-after', String(NOT_SET_UP_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send(setUpPage);
    }
    const adminUrl = app.config.adminUrl;
    if (adminUrl && isUnder(pathname, '/admin') && !isHostOf(request, adminUrl)) {
      // The staff console has a host of its own: /admin on a member site's host leads there.
      const rest = request.url.slice('/admin'.length).replace(/^(?=[^/?]|$)/, '/');
      return reply.redirect(`${adminUrl}${rest}`, 308);
    }
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
    // In maintenance the page carries no theme: the app asks for it, the API answers 503, and the app shows the
    // specification's maintenance screen ('Service disruption'), on every site (issue 43).
    const data = app.config.maintenanceMode ? null : await buildBootData(app, request, client);
    const fonts = await fontFiles();
    const fontUrls = data
      ? themeFontFaces(data.theme.theme_app_body_font_style, data.theme.theme_app_heading_font_style)
          .map(({ style, weight }) => fonts.get(`${style} ${weight}`))
          .filter((url): url is string => url !== undefined)
      : [];
    // The staff console is not for search engines (it is a login page to anyone else).
    if (site === 'admin') reply.header('x-robots-tag', 'noindex, nofollow');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .send(
        injectSiteConfig(html, buildSiteConfig(app, site, client.id), {
          data,
          fontUrls,
        }),
      );
  });
};
export default webRoutes;
