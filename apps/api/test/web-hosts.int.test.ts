import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, csrfHeaders, setupTestDatabase } from './helper.ts';
import { fakeDist, readConfig, title } from './web.fixtures.ts';

const t = await setupTestDatabase();
await createClient(t.db);
const webDist = fakeDist();
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

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

  it("answers the staff API only on the console's host (a member host logged staff in)", async () => {
    const login = (host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/staff/auth/login',
        headers: { host, ...csrfHeaders() },
        payload: { email: 'nobody@staff.test', password: 'not-a-password' },
      });
    expect((await login('bookings.fieldhouse.test')).statusCode).toBe(404);
    expect((await login('account.fieldhouse.test')).statusCode).toBe(404);
    expect((await login('staff.fieldhouse.test')).statusCode).not.toBe(404);
    const me = (host: string) => app.inject({ method: 'GET', url: '/api/staff/me', headers: { host } });
    expect((await me('bookings.fieldhouse.test')).statusCode).toBe(404);
    expect((await me('staff.fieldhouse.test')).statusCode).toBe(401);
    // However the path is spelled: the check belongs to the staff routes, not to a path prefix.
    const spelled = (host: string) =>
      app.inject({ method: 'GET', url: '/api/%73taff/me', headers: { host } });
    expect((await spelled('staff.fieldhouse.test')).statusCode).toBe(401);
    expect((await spelled('bookings.fieldhouse.test')).statusCode).toBe(404);
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
