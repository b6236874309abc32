import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '../fixtures.ts';
import { workerServerPort } from '../playwright.config.ts';

/**
 * The small gym's server for small-gym.spec.ts: the example catalogue imported by the real command into an empty
 * PGlite folder, then the server started on it in production mode, one per worker.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const CATALOGUE = 'catalogue/examples/small-gym.yaml';
export const VENUE = { slug: 'northgate', name: 'Northgate Gym' };

type Gym = { url: string; importOutput: string; serverOutput: () => string };

/** Runs the project's Node with `args` from the repository root to the end: its exit code and all it printed. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

export const test = base.extend<object, { gym: Gym }>({
  gym: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'fieldhouse-small-gym-'));
      const { DEMO_MODE: _, DATABASE_URL: __, ...inherited } = process.env;
      const env = { ...inherited, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
      let child: ChildProcess | undefined;
      try {
        // PGlite allows one process per folder: the import first, then the server.
        const imported = await run(['apps/api/src/cli/catalogue.ts', 'import', CATALOGUE], env);
        expect(imported.code, imported.output).toBe(0);

        const port = workerServerPort('small-gym', workerInfo.parallelIndex);
        child = spawn(process.execPath, [join(repoRoot, 'scripts/start.mjs')], {
          env: { ...env, SKIP_BUILD: '1', PORT: String(port), HOST: '127.0.0.1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout?.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr?.on('data', (chunk) => {
          output += chunk;
        });
        const url = `http://127.0.0.1:${port}`;
        const server = child;
        await expect
          .poll(
            async () => {
              if (server.exitCode !== null) throw new Error(`The small gym's server exited:\n${output}`);
              return fetch(`${url}/api/health`).then(
                (r) => r.status,
                () => 0,
              );
            },
            { timeout: 180_000, intervals: [250] },
          )
          .toBe(200);
        await use({ url, importOutput: imported.output, serverOutput: () => output });
      } finally {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child!.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ gym }, use) => use(gym.url),
});
