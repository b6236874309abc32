import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { siteBootData, siteConfig } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';
import { STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET } from './stripe-stand-in.ts';

/** A tiny fake build of the four sites. */
function fakeDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fh-web-dist-'));
  const page = (title: string) =>
    `<!doctype html><html><head><!--fh-config--><title>${title}</title><style>/* ${'a real page is over 1 KB '.repeat(60)} */</style></head><body><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
  mkdirSync(path.join(dir, 'account'));
  mkdirSync(path.join(dir, 'join'));
  mkdirSync(path.join(dir, 'admin'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), page('bookings'));
  writeFileSync(path.join(dir, 'account/index.html'), page('account'));
  writeFileSync(path.join(dir, 'join/index.html'), page('join'));
  writeFileSync(path.join(dir, 'admin/index.html'), page('admin'));
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), 'console.log("hi");');
  // What the build's precompress step writes beside each text asset.
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, text: 'the same again' })))};`;
  writeFileSync(path.join(dir, 'assets/big-def456.js'), big);
  writeFileSync(path.join(dir, 'assets/big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dir, 'assets/big-def456.js.gz'), gzipSync(big));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest, as the build writes it: the theme's fonts are found there.
  mkdirSync(path.join(dir, '.vite'));
  const font = (pkg: string, weight: string, hash: string) => [
    `../../node_modules/@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`,
    { file: `assets/${pkg}-latin-${weight}-normal-${hash}.woff2` },
  ];
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify(
      Object.fromEntries([
        font('lato', '400', 'L4'),
        font('lato', '700', 'L7'),
        font('oswald', '400', 'O4'),
        font('oswald', '700', 'O7'),
        font('roboto', '400', 'R4'),
        font('roboto', '700', 'R7'),
      ]),
    ),
  );
  return dir;
}

const readConfig = (html: string) => {
  const match = /<meta name="fh-config" content="([^"]*)">/.exec(html);
  if (!match) throw new Error(`No fh-config meta in ${html}`);
  const json = match[1]!
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return siteConfig.parse(JSON.parse(json));
};
const readBootData = (html: string) => {
  const match = /<script type="application\/json" id="fh-boot-data">(.*?)<\/script>/.exec(html);
  if (!match) throw new Error(`No boot data in ${html}`);
  return siteBootData.parse(JSON.parse(match[1]!));
};
const fontPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map(
    (m) => m[1],
  );
const title = (html: string) => /<title>(.*)<\/title>/.exec(html)?.[1];

const t = await setupTestDatabase();
const client = await createClient(t.db);
const webDist = fakeDist();
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('single-origin mode', async () => {
  const app = await t.buildTestApp({ webDist, kioskIdleSeconds: 5, kioskSecondIdleSeconds: 6 });
  const get = (url: string, host?: string) =>
    app.inject({ method: 'GET', url, headers: host ? { host } : {} });

  it.each([
    ['/', 'bookings', '/'],
    ['/basket/checkout?x=1', 'bookings', '/'],
    ['/account', 'account', '/account'],
    ['/account/bookings/upcoming', 'account', '/account'],
    ['/join/centre/leeds', 'join', '/join'],
    ['/admin', 'admin', '/admin'],
    ['/admin/approvals', 'admin', '/admin'],
    ['/administration', 'bookings', '/'],
    ['/some/unknown/path', 'bookings', '/'],
  ])('%s serves the %s site with its fh-config', async (url, site, basename) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(title(response.body)).toBe(site);
    expect(response.body).not.toContain('<!--fh-config-->');
    expect(readConfig(response.body)).toEqual({
      site,
      basename,
      urls: { bookings: '', account: '/account', join: '/join' },
      client_id: client.id,
      cookie_domain: null,
      demo: true,
      kiosk_idle_ms: 5000,
      kiosk_second_idle_ms: 6000,
      map_style_url: null,
      card_payments: { provider: 'sandbox', publishable_key: null },
    });
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // What a script needs (nosniff, the resource policy, HSTS) and nothing only a document uses; no validators for
    // a file that never changes.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(asset.headers['strict-transport-security']).toBeDefined();
    for (const header of [
      'referrer-policy',
      'x-xss-protection',
      'x-dns-prefetch-control',
      'etag',
      'last-modified',
    ])
      expect(asset.headers[header], header).toBeUndefined();
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.headers.etag).toBeDefined();
    expect(icon.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/../../etc/passwd.txt')).statusCode).toBe(404);
  });

  it('sends built assets pre-compressed as the browser accepts (brotli, else gzip, else plain), varying by encoding', async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(2_000);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('"row":399');

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('"row":399');

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('"row":399');
  });

  it("compresses API JSON and the sites' HTML made at request time", async () => {
    for (let i = 0; i < 20; i++)
      await createVenue(t.db, { clientId: client.id, name: `Compressible Centre ${i}` });
    const json = await app.inject({
      method: 'GET',
      url: '/api/venues',
      headers: { 'accept-encoding': 'br' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(json.rawPayload).toString()).toContain('Compressible Centre 19');
    const html = await app.inject({ method: 'GET', url: '/account', headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.rawPayload).toString()).toContain('<title>account</title>');
    // Small replies are not worth compressing.
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a CSP without the tag manager, and with it when the client has a container id', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    // Framed only by the same origin unless the operator allows more (EMBED_ALLOWED_ORIGINS).
    expect(csp).toMatch(/frame-ancestors 'self'(;|$)/);
    await t.db.update(clients).set({ opGtmId: 'GTM-TEST1' }).where(eq(clients.id, client.id));
    app.invalidateClientCache();
    expect((await get('/')).headers['content-security-policy']).toContain(
      "script-src 'self' https://www.googletagmanager.com",
    );
    await t.db.update(clients).set({ opGtmId: null }).where(eq(clients.id, client.id));
    app.invalidateClientCache();
  });

  it('allows Stripe.js, its frames and its API only while Stripe is the card provider', async () => {
    const sandbox = (await get('/basket/checkout')).headers['content-security-policy'] as string;
    expect(sandbox).not.toContain('stripe.com');
    expect(sandbox).not.toContain('frame-src');
    const withStripe = await t.buildTestApp({
      webDist,
      paymentProvider: 'stripe',
      stripe: {
        secretKey: STAND_IN_SECRET_KEY,
        publishableKey: STAND_IN_PUBLISHABLE_KEY,
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        live: false,
        // Never called: no page asks Stripe anything.
        apiBase: { protocol: 'http', host: '127.0.0.1', port: 9 },
      },
    });
    for (const url of ['/basket/checkout', '/admin/desk']) {
      const csp = (await withStripe.inject({ method: 'GET', url })).headers[
        'content-security-policy'
      ] as string;
      expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(csp).toContain(
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
      );
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com;/);
      expect(csp).toContain("default-src 'self'");
    }
  });

  it('lets only the origins in EMBED_ALLOWED_ORIGINS frame the sites', async () => {
    const embedding = await t.buildTestApp({
      webDist,
      embedAllowedOrigins: ['https://www.leisure.example', 'https://*.council.example'],
    });
    for (const url of ['/', '/account/', '/join/centre/leeds']) {
      const csp = (await embedding.inject({ method: 'GET', url })).headers[
        'content-security-policy'
      ] as string;
      expect(csp).toMatch(
        /frame-ancestors 'self' https:\/\/www\.leisure\.example https:\/\/\*\.council\.example(;|$)/,
      );
      expect(csp).not.toContain('frame-ancestors *');
    }
  });

  it('writes the theme and client into the page, so the first paint waits for no API call, and preloads its fonts', async () => {
    const page = await get('/account/login');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers.vary)).toMatch(/cookie/i);
    const boot = readBootData(page.body);
    expect(boot.theme).toEqual((await get('/api/frontend/theme')).json().data);
    expect(boot.client).toEqual((await get('/api/client')).json().data);
    expect(boot.theme_venue).toBeNull();
    // The demo theme: Lato for text in both weights, Oswald (garage_gothic) for headings, which are bold only; no
    // other font.
    expect(fontPreloads(page.body).sort()).toEqual([
      '/assets/lato-latin-400-normal-L4.woff2',
      '/assets/lato-latin-700-normal-L7.woff2',
      '/assets/oswald-latin-700-normal-O7.woff2',
    ]);
  });

  it("starts with the theme of the venue the member chose (fh_venue cookie), else the operator's", async () => {
    await createVenue(t.db, {
      clientId: client.id,
      slug: 'roboto-baths',
      themeOverrides: { theme_app_primary_colour: '#112233', theme_app_body_font_style: 'roboto' },
    });
    const withVenue = (slug: string) =>
      app.inject({
        method: 'GET',
        url: '/',
        cookies: { fh_venue: JSON.stringify({ id: 1, slug, name: 'x' }) },
      });
    const chosen = await withVenue('roboto-baths');
    const boot = readBootData(chosen.body);
    expect(boot.theme_venue).toBe('roboto-baths');
    expect(boot.theme).toEqual((await get('/api/frontend/theme?venue=roboto-baths')).json().data);
    expect(boot.theme.theme_app_primary_colour).toBe('#112233');
    expect(fontPreloads(chosen.body)).toContain('/assets/roboto-latin-400-normal-R4.woff2');
    expect(fontPreloads(chosen.body)).not.toContain('/assets/lato-latin-400-normal-L4.woff2');

    const unknown = readBootData((await withVenue('no-such-venue')).body);
    expect(unknown.theme_venue).toBeNull();
    expect(unknown.theme).toEqual((await get('/api/frontend/theme')).json().data);
  });

  it('keeps the page intact whatever the operator names things (no way out of the boot data script)', async () => {
    await t.db
      .update(clients)
      .set({ name: 'Pools </script><script>alert(1)</script> <!-- & Gyms' })
      .where(eq(clients.id, client.id));
    app.invalidateClientCache();
    try {
      const page = await get('/');
      expect(page.body).not.toContain('</script><script>alert(1)');
      expect(readBootData(page.body).client.name).toBe(
        'Pools </script><script>alert(1)</script> <!-- & Gyms',
      );
    } finally {
      await t.db.update(clients).set({ name: client.name }).where(eq(clients.id, client.id));
      app.invalidateClientCache();
    }
  });

  it('serves the logo under /api/static', async () => {
    const logo = await get('/api/static/fieldhouse-logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<svg');
  });
});

describe('sub-domain mode', async () => {
  const urls = {
    bookings: 'https://bookings.fieldhouse.test',
    account: 'https://account.fieldhouse.test',
    join: 'http://join.fieldhouse.test:8080',
  };
  const app: FastifyInstance = await t.buildTestApp({
    webDist,
    siteUrls: urls,
    cookieDomain: '.fieldhouse.test',
  });

  it.each([
    ['bookings.fieldhouse.test', '/', 'bookings'],
    ['account.fieldhouse.test', '/', 'account'],
    ['account.fieldhouse.test', '/bookings/upcoming', 'account'],
    ['join.fieldhouse.test:8080', '/centre/leeds', 'join'],
  ])('%s%s serves the %s site at the root', async (host, url, site) => {
    const response = await app.inject({ method: 'GET', url, headers: { host } });
    expect(title(response.body)).toBe(site);
    const config = readConfig(response.body);
    expect(config).toMatchObject({ site, basename: '/', urls, cookie_domain: '.fieldhouse.test' });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://bookings.fieldhouse.test https://account.fieldhouse.test http://join.fieldhouse.test:8080",
    );
    // The sites may frame each other (e.g. the account site inside the bookings site), nobody else.
    expect(response.headers['content-security-policy']).toMatch(
      /frame-ancestors 'self' https:\/\/bookings\.fieldhouse\.test https:\/\/account\.fieldhouse\.test http:\/\/join\.fieldhouse\.test:8080(;|$)/,
    );
  });

  it('shares cookies across sub-domains through COOKIE_DOMAIN', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'account.fieldhouse.test' },
    });
    expect(response.cookies.find((c) => c.name === 'fh_csrf')?.domain).toBe('.fieldhouse.test');
  });
});

describe('the staff console on its own host (ADMIN_URL)', async () => {
  const urls = {
    bookings: 'https://bookings.fieldhouse.test',
    account: 'https://account.fieldhouse.test',
    join: 'https://join.fieldhouse.test',
  };
  const app: FastifyInstance = await t.buildTestApp({
    webDist,
    siteUrls: urls,
    adminUrl: 'https://staff.fieldhouse.test',
  });

  it("serves the console at the root of its host, with the member sites' links unchanged", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/approvals',
      headers: { host: 'staff.fieldhouse.test' },
    });
    expect(title(response.body)).toBe('admin');
    expect(readConfig(response.body)).toMatchObject({ site: 'admin', basename: '/', urls });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it("sends /admin on a member host to the console's own host", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/admin/audit?page=2',
      headers: { host: 'bookings.fieldhouse.test' },
    });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('https://staff.fieldhouse.test/audit?page=2');
  });

  it('keeps the member sites where they were', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'account.fieldhouse.test' },
    });
    expect(readConfig(response.body)).toMatchObject({ site: 'account', basename: '/' });
  });
});

it('answers 503 with a clear text when the web app has not been built', async () => {
  const app = await t.buildTestApp({ webDist: path.join(webDist, 'does-not-exist') });
  const response = await app.inject({ method: 'GET', url: '/account' });
  expect(response.statusCode).toBe(503);
  expect(response.body).toContain('npm run build');
});
