import { defineConfig } from 'vitest/config';

// In CI a failed test runs once more, and the run still fails if it fails again. What passes only on its retry is
// named at the end of the run by scripts/vitest-retried.mjs and scripts/test.mjs, to be fixed (decision 042).
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    reporters: process.env.CI ? ['default', './scripts/vitest-retried.mjs'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // `npm test` runs other stages beside this one (decision 025): a safety net, not an assertion.
          testTimeout: 20_000,
          retry,
          // Files share one module graph per worker: re-importing it for every file was nine tenths of this
          // project's time (73 s against 11 s alone). Unit tests keep no state between files.
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
          retry,
          // As above: one DOM environment and module graph per worker instead of one per file (137 s against 40 s
          // on a busy machine). Every file that renders cleans up after each test (`afterEach(cleanup)`).
          isolate: false,
        },
      },
      {
        test: {
          name: 'int',
          environment: 'node',
          include: ['apps/api/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['./apps/api/test/global-setup.ts'],
          setupFiles: ['./apps/api/test/setup.ts'],
          // Generous: tests that start servers as child processes (start-up, shutdown, folder lock) take seconds of CPU
          // each, and `npm test` runs other stages beside this one. Timeouts here are a safety net, not assertions.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          retry,
          // Importing the app costs seconds of CPU; without isolation each worker imports it once instead of once per
          // file. Files still never share a database (each opens its own) or Redis keys (helper.ts). One worker by
          // default: `npm test` runs the browser tests beside this stage, and the timing tests need a fair share
          // of the CPU (INT_WORKERS=2 for a faster run alone). See docs/decisions/025.
          isolate: false,
          maxWorkers: Number(process.env.INT_WORKERS ?? 1),
        },
      },
      {
        // The joining tests again, with GoCardless (through a local stand-in of its API) as the direct-debit provider
        // instead of the sandbox (apps/api/test/helper.ts, decision 037). `npm run test:int` runs both projects.
        test: {
          name: 'int-gocardless',
          environment: 'node',
          include: ['apps/api/test/joining*.int.test.ts', 'apps/api/test/membership-purchase*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          env: { TEST_DIRECT_DEBIT_PROVIDER: 'gocardless' },
          globalSetup: ['./apps/api/test/global-setup.ts'],
          setupFiles: ['./apps/api/test/setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          retry,
          isolate: false,
          maxWorkers: Number(process.env.INT_WORKERS ?? 1),
        },
      },
      {
        // `npm run test:cluster`: several API processes on one PostgreSQL (apps/api/test/cluster).
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['apps/api/test/cluster/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
