/**
 * Issue 41 (HIGH): an error thrown outside any request — GoCardless's HTTP client threw from a retry timer after a
 * burst of webhook events — ended the API process, and every process runs those jobs. The server now logs it and
 * keeps serving (runtime/stray-errors.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freePort,
  killIfRunning,
  MAIN_TS,
  type Spawned,
  serverEnv,
  spawnProcess,
  waitUntilLive,
} from './process-helper.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/stray-errors-on-signal.mjs', import.meta.url));

// A process on an embedded database; the PostgreSQL run would repeat the same test.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('an error outside any request', () => {
  let folder = '';
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'fh-stray-'));
  });
  let spawned: Spawned | undefined;
  afterEach(() => killIfRunning(spawned));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is logged and the server keeps answering', async () => {
    const port = await freePort();
    spawned = spawnProcess(
      serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, DEMO_MODE: 'false' }),
      ['--import', FIXTURE, MAIN_TS],
    );
    await waitUntilLive(spawned, port, 180_000);
    spawned.child.kill('SIGUSR2');
    await vi.waitFor(
      () => expect(spawned!.output().match(/the process keeps serving/g) ?? []).toHaveLength(2),
      { timeout: 10_000, interval: 100 },
    );
    expect(spawned.output()).toContain('The `onCancel` handler was attached after the promise settled.');
    expect(spawned.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  }, 240_000);
});
