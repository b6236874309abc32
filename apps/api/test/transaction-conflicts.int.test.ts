import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { retryOnConflict } from '../src/db/connection-errors.ts';
import { setupTestDatabase } from './helper.ts';

/**
 * A transaction PostgreSQL ends to break a deadlock runs again (db/connection-errors.ts; checkout and basket changes
 * use it), and one that still conflicts answers 503 with Retry-After, not 500: nothing was kept, so the member's
 * phone can send it again.
 */
const conflictProbe: FastifyPluginAsync = async (app) => {
  app.get('/test/conflict', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: { code: '40P01', message: 'deadlock detected' },
    });
  });
};

describe('transactions that deadlock', async () => {
  const t = await setupTestDatabase();

  it('answers 503 with Retry-After when a conflict outlasts the retries', async () => {
    const app = await t.buildTestApp({}, { plugins: [conflictProbe] });
    const res = await app.inject({ method: 'GET', url: '/test/conflict' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });
  });

  // PGlite has one connection: its transactions never wait on each other.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'completes both sides of a real deadlock: PostgreSQL ends one, and it runs again',
    async () => {
      let runs = 0;
      let arrived = 0;
      let release!: () => void;
      const bothHoldTheirFirstLock = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Two transactions take the same two locks in opposite orders, each waiting (on its first run only) until the
      // other holds its first lock: PostgreSQL must end one of them (40P01).
      const lockInOrder = (first: number, second: number) =>
        retryOnConflict(() =>
          t.db.transaction(async (tx) => {
            runs++;
            await tx.execute(sql`select pg_advisory_xact_lock(${first})`);
            if (++arrived <= 2) {
              if (arrived === 2) release();
              await bothHoldTheirFirstLock;
            }
            await tx.execute(sql`select pg_advisory_xact_lock(${second})`);
            return `${first} then ${second}`;
          }),
        );
      const results = await Promise.all([lockInOrder(71_001, 71_002), lockInOrder(71_002, 71_001)]);
      expect(results).toEqual(['71001 then 71002', '71002 then 71001']);
      expect(runs).toBe(3);
    },
  );
});
