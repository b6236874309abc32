import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { freePort, serverEnv, spawnProcess } from './process-helper.ts';

const stackLines = (output: string) => output.split('\n').filter((line) => /^\s+at /.test(line));
const lastLine = (output: string) => output.trim().split('\n').at(-1) ?? '';

// Configuration refused before any database is opened: the same on both runs, so it runs on the PGlite run only
// (like the data-folder lock below; the PostgreSQL run has its own refused login).
describe.skipIf(!!process.env.TEST_DATABASE_URL)('start-up failures give one line and exit code 1', () => {
  it('waits for an unreachable PostgreSQL with backoff, then gives up', async () => {
    const port = await freePort();
    const started = Date.now();
    const server = spawnProcess(
      serverEnv({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/fieldhouse`,
        DATABASE_STARTUP_TIMEOUT_SECONDS: '2',
        PORT: String(await freePort()),
      }),
    );
    const { code } = await server.exited;
    const output = server.output();
    expect(code, output).toBe(1);
    expect(output).toContain(`Waiting for PostgreSQL at 127.0.0.1:${port} (attempt 1): connect ECONNREFUSED`);
    expect(output).toContain(`Waiting for PostgreSQL at 127.0.0.1:${port} (attempt 2): connect ECONNREFUSED`);
    expect(lastLine(output)).toMatch(
      new RegExp(
        `^Fieldhouse did not start: PostgreSQL at 127\\.0\\.0\\.1:${port} did not answer within 2 s \\(\\d+ attempts, last: connect ECONNREFUSED`,
      ),
    );
    expect(stackLines(output)).toEqual([]);
    // It waited for the configured time (backoff: 0.5 s, 1 s, then the rest), not a moment more than needed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', async () => {
    const server = spawnProcess(serverEnv({ DATABASE_URL: 'localhost:5432/fieldhouse', PORT: '0' }));
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output().trim()).toMatch(
      /^Fieldhouse did not start: Invalid configuration: DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(stackLines(server.output())).toEqual([]);
  });

  it('refuses demo mode in production without the second variable', async () => {
    const server = spawnProcess(
      serverEnv({ NODE_ENV: 'production', DEMO_MODE: 'true', DATA_DIR: 'memory://', PORT: '0' }),
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output().trim()).toMatch(
      /^Fieldhouse did not start: Invalid configuration: DEMO_MODE=true with NODE_ENV=production .*DEMO_MODE_IN_PRODUCTION=i-understand-this-is-public\.$/,
    );
  });
});

// PostgreSQL-only: needs a server that answers and refuses the login.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a refused PostgreSQL login', () => {
  it('fails at once with the reason (no waiting: retrying cannot fix it)', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = 'fh_no_such_role';
    url.pathname = '/fh_no_such_database';
    // With a long start-up timeout, any retrying would show as 'Waiting for …' lines before the process gave up.
    // (No wall-clock bound: `npm test` runs other stages beside this one, decision 025.)
    const server = spawnProcess(
      serverEnv({ DATABASE_URL: url.toString(), PORT: '0', DATABASE_STARTUP_TIMEOUT_SECONDS: '600' }),
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output().trim()).toMatch(
      new RegExp(
        `^Fieldhouse did not start: PostgreSQL at ${url.hostname.replaceAll('.', '\\.')}:${url.port || 5432} refused the connection: role "fh_no_such_role" does not exist$`,
      ),
    );
    expect(server.output()).not.toContain('Waiting for');
  });
});

// The lock guards a PGlite folder on disk; the PostgreSQL run would repeat the same test.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('a PGlite data folder in use', () => {
  let folder = '';
  beforeAll(() => {
    // Made here, not at collection: a skipped block runs no afterAll.
    folder = mkdtempSync(path.join(os.tmpdir(), 'fh-lock-server-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('makes a second server refuse to start, naming the folder and the other process', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      const server = spawnProcess(serverEnv({ DATA_DIR: folder, PORT: String(await freePort()) }));
      const { code } = await server.exited;
      expect(code, server.output()).toBe(1);
      expect(server.output().trim()).toBe(
        `Fieldhouse did not start: The data folder ${folder} is in use by another Fieldhouse process (pid ${process.pid}); stop it first, or give this one another DATA_DIR.`,
      );
    } finally {
      await database.close();
    }
  });
});
