import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_SET_UP } from '@fieldhouse/contract';
import { afterAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createClient } from '../src/db/factories/organisation.ts';
import { openFreshDatabase } from './db-template.ts';
import {
  freePort,
  killIfRunning,
  type Spawned,
  serverEnv,
  spawnProcess,
  waitUntilLive,
} from './process-helper.ts';

/**
 * The real server (main.ts, NODE_ENV=production, no demo) on an empty database: the start-up log names the import
 * command, the sites answer the set-up page, and — on PostgreSQL, where another process can write to the same
 * database, as `npm run catalogue -- import` does — a client inserted by this test process opens them without a
 * restart. (PGlite is one process only: there the import runs while the server is stopped.)
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const webDist = mkdtempSync(path.join(os.tmpdir(), 'fh-first-run-process-dist-'));
mkdirSync(path.join(webDist, 'account'));
mkdirSync(path.join(webDist, 'join'));
for (const file of ['index.html', 'account/index.html', 'join/index.html']) {
  writeFileSync(
    path.join(webDist, file),
    '<!doctype html><html><head><!--fh-config--></head><body></body></html>',
  );
}

let database: Database | undefined;
let server: Spawned | undefined;
afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
    killIfRunning(server);
  }
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

it(`starts in production on an empty ${onPostgres ? 'PostgreSQL' : 'PGlite'} database, shows the set-up page and names the command`, {
  timeout: 90_000,
}, async () => {
  if (onPostgres) database = await openFreshDatabase();
  const port = await freePort();
  server = spawnProcess(
    serverEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: webDist,
      ...(database?.url ? { DATABASE_URL: database.url } : { DATA_DIR: 'memory://' }),
    }),
  );
  await waitUntilLive(server, port);
  await expect.poll(() => server!.output(), { timeout: 10_000 }).toContain('No catalogue loaded');
  const warnings = server
    .output()
    .split('\n')
    .filter((line) => line.includes('No catalogue loaded'));
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0]!)).toMatchObject({
    level: 40,
    msg: expect.stringContaining('Load one with: npm run catalogue -- import <file> (see docs/operators.md)'),
  });

  const base = `http://127.0.0.1:${port}`;
  for (const url of ['/', '/account/', '/join/']) {
    const page = await fetch(base + url);
    expect(page.status, url).toBe(503);
    expect(page.headers.get('retry-after'), url).toBeTruthy();
    expect(await page.text(), url).toContain(`<h1>${NOT_SET_UP.heading}</h1>`);
  }
  const clientCall = await fetch(`${base}/api/client`);
  expect(clientCall.status).toBe(503);
  expect(await clientCall.json()).toEqual({ message: NOT_SET_UP.message, code: NOT_SET_UP.code });
  expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

  if (!database) return;
  // As the import would, from another process: the server picks the client up by itself.
  await createClient(database.db, { name: 'Imported Leisure' });
  await expect
    .poll(async () => (await fetch(`${base}/join/`)).status, { timeout: 10_000, interval: 250 })
    .toBe(200);
  const opened = await fetch(`${base}/api/client`);
  expect(opened.status).toBe(200);
  expect(((await opened.json()) as { data: { name: string } }).data.name).toBe('Imported Leisure');
  expect(server.output()).toContain('Catalogue loaded: the sites are open');
  expect(server.output().match(/No catalogue loaded/g)).toHaveLength(1);
});
