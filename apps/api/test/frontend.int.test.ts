import {
  clientReply,
  DEFAULT_ERROR_TEXTS,
  MAINTENANCE_MESSAGE,
  themeReply,
  venuesReply,
} from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_THEME } from '../src/db/seed-data.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, {
  footerHtml: '<p onclick="x()">Call <a href="tel:0113">us</a><script>alert(1)</script></p>',
});
const purple = await createVenue(t.db, {
  clientId: client.id,
  slug: 'purple-pool',
  name: 'Purple Pool',
  themeOverrides: { theme_app_primary_colour: '#6A1B9A' },
  footerHtml:
    '<h3>Purple</h3><style>h3{}</style><a href="javascript:alert(1)">bad</a><a href="https://x.test">ok</a>',
});
await createVenue(t.db, { clientId: client.id, slug: 'aardvark', name: 'Aardvark Baths' });
const app = await t.buildTestApp();

describe('GET /api/frontend/theme', () => {
  it('answers the client theme', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(response.statusCode).toBe(200);
    expect(themeReply.parse(response.json()).data).toEqual(DEMO_THEME);
  });

  it('merges the venue overrides', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/frontend/theme?venue=purple-pool' });
    const theme = response.json().data;
    expect(theme.theme_app_primary_colour).toBe('#6A1B9A');
    expect(theme.theme_app_secondary_colour1).toBe(DEMO_THEME.theme_app_secondary_colour1);
  });

  it('answers 404 for an unknown venue', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/frontend/theme?venue=nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
  });
});

describe('GET /api/activities/footer', () => {
  it("sanitises the client's footer", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/activities/footer' });
    expect(response.json()).toEqual({ data: { html: '<p>Call <a href="tel:0113">us</a></p>' } });
  });

  it("prefers and sanitises the venue's footer", async () => {
    const response = await app.inject({ method: 'GET', url: `/api/activities/footer?venue=${purple.slug}` });
    expect(response.json().data.html).toBe('<h2>Purple</h2><a>bad</a><a href="https://x.test">ok</a>');
  });
});

describe('client and venues', () => {
  it('GET /api/client', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/client' });
    expect(clientReply.parse(response.json()).data).toMatchObject({
      id: client.id,
      name: 'Test Leisure',
      op_gtm_id: null,
    });
  });

  it('GET /api/venues sorted by name, and one venue by slug', async () => {
    const list = venuesReply.parse((await app.inject({ method: 'GET', url: '/api/venues' })).json()).data
      .venues;
    expect(list.map((v) => v.name)).toEqual(['Aardvark Baths', 'Purple Pool']);
    const one = await app.inject({ method: 'GET', url: '/api/venues/purple-pool' });
    expect(one.json().data).toMatchObject({ slug: 'purple-pool', town: 'Leeds', lat: 53.7997 });
    expect((await app.inject({ method: 'GET', url: '/api/venues/missing' })).statusCode).toBe(404);
  });
});

describe('system', () => {
  it('health, unknown API paths, docs and security headers', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ data: { status: 'ok' } });
    expect(health.headers['x-frame-options']).toBeUndefined();
    expect(health.headers['x-content-type-options']).toBe('nosniff');

    for (const method of ['GET', 'DELETE'] as const) {
      const missing = await app.inject({
        method,
        url: '/api/no-such-call',
        headers: { cookie: 'fh_csrf=a', 'x-csrf-token': 'a' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.notFound });
    }

    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/customer/login',
        '/api/v1/activities/bookings',
        '/api/frontend/theme',
      ]),
    );
  });

  it('the dev mail pages exist only in demo mode', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dev/mail' })).headers['content-type']).toContain(
      'text/html',
    );
    const production = await t.buildTestApp({ demoMode: false });
    expect((await production.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/api/dev/mail/messages' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });

  it('maintenance mode answers 503 for the theme and API calls, but not health', async () => {
    const maintenance = await t.buildTestApp({ maintenanceMode: true });
    const theme = await maintenance.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(theme.statusCode).toBe(503);
    expect(theme.json()).toEqual({ message: MAINTENANCE_MESSAGE });
    expect((await maintenance.inject({ method: 'GET', url: '/api/client' })).statusCode).toBe(503);
    expect((await maintenance.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
