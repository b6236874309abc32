import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
