import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, NOT_FOUND_PAGE, NOT_SET_UP } from '@fieldhouse/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/lib/escape-html.ts';
import { IMPORT_COMMAND } from '../src/plugins/app/client.ts';
import { createClient, createVenue, setupTestDatabase } from './helper.ts';

/**
 * Production first run (issue 15): an empty migrated database, no demo mode. Every site says it is being set up,
 * the calls that need the operator say so in JSON, the log names the command, and a client inserted later is
 * picked up without a restart.
 */

/** Three one-line site builds: what the real build's index.html files have in common (the config placeholder). */
function fakeDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fh-first-run-dist-'));
  const page = (site: string) =>
    `<!doctype html><html lang="en-GB"><head><!--fh-config--><title>${site}</title></head><body><div id="root"></div></body></html>`;
  mkdirSync(path.join(dir, 'account'));
  mkdirSync(path.join(dir, 'join'));
  writeFileSync(path.join(dir, 'index.html'), page('bookings'));
  writeFileSync(path.join(dir, 'account/index.html'), page('account'));
  writeFileSync(path.join(dir, 'join/index.html'), page('join'));
  return dir;
}

/** A logger that keeps every line (errors still reach console.error, which fails the test). */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = {
    level: 'info',
    stream: {
      write: (line: string) => {
        const entry = JSON.parse(line) as { level: number; msg: string };
        lines.push(entry);
        if (entry.level >= 50) console.error(line);
      },
    },
  };
  return { logger, lines, matching: (text: string) => lines.filter((l) => l.msg.includes(text)) };
}

const t = await setupTestDatabase();
const webDist = fakeDist();
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const SUB_URLS = {
  bookings: 'http://bookings.example.test',
  account: 'http://account.example.test',
  join: 'http://join.example.test',
};
const production = { demoMode: false, webDist };

const routes: RouteOptions[] = [];
const log = capturingLogger();
const app = await t.buildTestApp(production, {
  logger: log.logger,
  onRoute: (route) => {
    routes.push(route);
  },
});
const subDomains = await t.buildTestApp({ ...production, siteUrls: SUB_URLS });

/** Every page request of the three sites, as [description, request]. */
const PAGE_REQUESTS: [string, { url: string; headers?: Record<string, string> }][] = [
  ['bookings home', { url: '/' }],
  ['a bookings page', { url: '/venues/leeds-central?date=2026-12-01' }],
  ['account home', { url: '/account/' }],
  ['account login', { url: '/account/login' }],
  ['account without its slash', { url: '/account' }],
  ['join home', { url: '/join/' }],
  ['a join page', { url: '/join/centre/st.helens', headers: { accept: 'text/html' } }],
];

function expectSetUpPage(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.headers['cache-control']).toBe('no-store');
  const html = response.body;
  expect(html).toContain('<html lang="en-GB">');
  expect(html).toContain(`<title>${NOT_SET_UP.title}</title>`);
  expect(html).toContain(`<h1>${NOT_SET_UP.heading}</h1>`);
  expect(html).toContain(NOT_SET_UP.message);
  // Self-contained: no script, no stylesheet or image from anywhere, not the error screen of the app.
  expect(html).not.toMatch(/<script|<link rel="stylesheet"|src="|url\(/);
  expect(html).not.toContain('dropped the ball');
}

function expectNotSetUpReply(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toEqual({ message: NOT_SET_UP.message, code: NOT_SET_UP.code });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('an empty database in production mode', () => {
  it('starts, stays healthy and ready, and warns once that no catalogue is loaded, naming the command', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => log.matching('No catalogue loaded').length).toBe(1);
    const [line] = log.matching('No catalogue loaded');
    expect(line!.level).toBe(40); // warn
    expect(line!.msg).toContain(`Load one with: ${IMPORT_COMMAND} (see docs/operators.md)`);
    expect(IMPORT_COMMAND).toBe('npm run catalogue -- import <file>');

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ready');
  });

  it.each(PAGE_REQUESTS)('shows %s as the set-up page (single origin)', async (_name, request) => {
    expectSetUpPage(await app.inject({ method: 'GET', ...request }));
  });

  it('shows the set-up page on every site in sub-domain mode', async () => {
    for (const [site, url] of Object.entries(SUB_URLS)) {
      const host = new URL(url).host;
      for (const pathname of ['/', '/login', '/centre/leeds']) {
        const response = await subDomains.inject({ method: 'GET', url: pathname, headers: { host } });
        expect(response.statusCode, `${site} ${pathname}`).toBe(503);
        expectSetUpPage(response);
      }
    }
  });

  it('answers the calls that need the operator with 503 not_set_up, the others as before', async () => {
    expectNotSetUpReply(await app.inject({ method: 'GET', url: '/api/client' }));
    expectNotSetUpReply(await app.inject({ method: 'GET', url: '/api/frontend/theme' }));
    expectNotSetUpReply(await app.inject({ method: 'GET', url: '/api/venues' }));
    expectNotSetUpReply(await app.inject({ method: 'GET', url: '/api/venues/leeds/sessions' }));
    expectNotSetUpReply(
      await app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: { cookie: `${CSRF_COOKIE}=t`, [CSRF_HEADER]: 't' },
        payload: { username: 'someone@example.test', password: 'Passw0rd!' },
      }),
    );
    // Unknown API paths stay 404; a call that needs no operator still answers.
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/geocoding?q=leeds' })).statusCode).toBe(200);
  });

  it('answers no API call with 404 or a 500 (every route, placeholders for its parameters)', async () => {
    const headers = { cookie: `${CSRF_COOKIE}=t`, [CSRF_HEADER]: 't', accept: 'application/json' };
    const seen: string[] = [];
    for (const route of routes) {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/static')) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        seen.push(`${method} ${route.url}`);
        const status = response.statusCode;
        expect(status === 404 || (status >= 500 && status !== 503), `${method} ${url}: ${status}`).toBe(
          false,
        );
        if (status === 503) expect(response.json().code, `${method} ${url}`).toBe(NOT_SET_UP.code);
      }
    }
    expect(seen.length).toBeGreaterThan(50);
  });

  it('has warned only once however many requests came', () => {
    expect(log.matching('No catalogue loaded')).toHaveLength(1);
  });
});

describe('a client inserted later (by the import, from another process)', () => {
  it('is seen by the first request when only the start-up check had looked (no recheck wait)', async () => {
    const other = await setupTestDatabase();
    const started = await other.buildTestApp(production, { logger: capturingLogger().logger });
    await started.listen({ port: 0, host: '127.0.0.1' });
    await createClient(other.db, { name: 'Right After Start' });
    const response = await started.inject({ method: 'GET', url: '/api/client' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('opens every site and the API without a restart, within seconds', async () => {
    const client = await createClient(t.db, { name: 'First Run Leisure' });
    const venue = await createVenue(t.db, { clientId: client.id, slug: 'first-run-pool' });
    // No cache invalidation: the process finds the new row on its own.
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/' })).statusCode, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(200);

    for (const [name, request] of PAGE_REQUESTS) {
      const response = await app.inject({ method: 'GET', ...request });
      expect(response.statusCode, name).toBe(200);
      expect(response.body, name).toContain('<meta name="fh-config"');
      expect(response.body, name).toContain('"name":"First Run Leisure"');
      expect(response.body, name).not.toContain(NOT_SET_UP.heading);
    }
    const clientReply = await app.inject({ method: 'GET', url: '/api/client' });
    expect(clientReply.statusCode).toBe(200);
    expect(clientReply.json().data.name).toBe('First Run Leisure');
    expect((await app.inject({ method: 'GET', url: '/api/frontend/theme' })).statusCode).toBe(200);
    const venues = await app.inject({ method: 'GET', url: '/api/venues' });
    expect(venues.json().data.venues.map((v: { slug: string }) => v.slug)).toEqual([venue.slug]);

    await expect
      .poll(async () => {
        const response = await subDomains.inject({
          method: 'GET',
          url: '/login',
          headers: { host: new URL(SUB_URLS.account).host },
        });
        return response.statusCode;
      })
      .toBe(200);

    const opened = log.matching('Catalogue loaded');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.level).toBe(30); // info
  });

  it('shows the not-found page when CLIENT_ID names a client the database does not hold beside others, and says which', async () => {
    const missing = capturingLogger();
    const other = await t.buildTestApp({ ...production, clientId: 987_654 }, { logger: missing.logger });
    await other.listen({ port: 0, host: '127.0.0.1' });
    await expect.poll(() => missing.matching('No catalogue loaded').length).toBe(1);
    expect(missing.matching('No catalogue loaded')[0]!.msg).toContain(
      'the database has no client with CLIENT_ID=987654',
    );
    // The specification's not-found page with Go home, not 'This site is being set up' (issue 43).
    for (const url of ['/join/', '/account/login', '/']) {
      const page = await other.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`<h1>${escapeHtml(NOT_FOUND_PAGE.heading)}</h1>`);
      expect(page.body).toContain('<a href="/">Go home</a>');
      expect(page.body).not.toContain(NOT_SET_UP.heading);
    }
    expectNotSetUpReply(await other.inject({ method: 'GET', url: '/api/client' }));
  });
});
