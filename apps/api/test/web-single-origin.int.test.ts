import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { siteBootData } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';
import { stripeAgainstStandIn } from './stripe-stand-in.ts';
import { fakeDist, readConfig, title } from './web.fixtures.ts';

const readBootData = (html: string) => {
  const match = /<script type="application\/json" id="fh-boot-data">(.*?)<\/script>/.exec(html);
  if (!match) throw new Error(`No boot data in ${html}`);
  return siteBootData.parse(JSON.parse(match[1]!));
};
const fontPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map(
    (m) => m[1],
  );

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
      clock: expect.any(Object),
    });
  });

  it("writes the venue zone's clock changes from two years back to three ahead into every page (decision 063)", async () => {
    const { clock } = readConfig((await get('/venues/leeds')).body) as {
      clock: { time_zone: string; from: number; until: number; offsets: [number, number][] };
    };
    expect(clock.time_zone).toBe('Europe/London');
    const now = Date.now();
    expect(clock.from).toBeLessThan(now - 730 * 86_400_000);
    expect(clock.until).toBeGreaterThan(now + 1095 * 86_400_000);
    // Two changes a year (the last Sundays of March and October, 01:00 UTC), GMT and BST in turn.
    expect(clock.offsets.length).toBeGreaterThanOrEqual(10);
    for (const [i, [at, minutes]] of clock.offsets.entries()) {
      if (i === 0) continue;
      const when = new Date(at);
      expect([when.getUTCMonth(), when.getUTCDay(), when.getUTCHours(), when.getUTCMinutes()]).toEqual([
        minutes === 60 ? 2 : 9,
        0,
        1,
        0,
      ]);
      expect(when.getUTCDate()).toBeGreaterThan(24);
      expect(minutes).toBe(clock.offsets[i - 1]![1] === 60 ? 0 : 60);
    }
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
      // Never called (a closed port): no page asks Stripe anything.
      ...stripeAgainstStandIn(9),
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

  it('in planned maintenance writes no theme into any site, so each asks for it, gets 503 and shows the maintenance screen', async () => {
    const maintenance = await t.buildTestApp({ webDist, maintenanceMode: true });
    try {
      for (const url of ['/', '/account/login', '/join/', '/admin/']) {
        const page = await maintenance.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).not.toContain('id="fh-boot-data"');
        expect(fontPreloads(page.body), url).toEqual([]);
      }
      const theme = await maintenance.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(theme.statusCode).toBe(503);
    } finally {
      await maintenance.close();
    }
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
