import { readdirSync } from 'node:fs';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseLogger, openDatabase } from '../src/db/client.ts';
import { adminQuery, dropDatabase, withDatabaseName } from './db-template.ts';
import { setupTestDatabase } from './helper.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
/** Rows of a raw statement (both drivers answer `{ rows }`; the shared Db type leaves it unknown). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const admin = (text: string) => adminQuery(adminUrl!, text);

/** A probe route that holds its connection in a transaction for a while (to be cut off mid-query). */
const slowQueryProbe: FastifyPluginAsync = async (app) => {
  app.get('/test/slow-query', async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(10)`);
    });
    return { data: { ok: true } };
  });
};

// PostgreSQL-only: PGlite has no server that can close connections, and no advisory locks across processes.
describe.skipIf(!adminUrl)('PostgreSQL connections closed by the server', async () => {
  const t = await setupTestDatabase();
  const warnings: string[] = [];
  const logger: DatabaseLogger = { info: () => {}, warn: (_obj, msg) => warnings.push(msg) };
  t.database.setLogger(logger);

  it('keeps answering after every idle connection is terminated (restart, failover, idle timeout)', async () => {
    const app = await t.buildTestApp({}, { plugins: [slowQueryProbe] });
    // Fill the pool with several idle connections.
    await Promise.all(Array.from({ length: 5 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);

    const terminated = rowsOf(
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      ),
    );
    expect(terminated.length).toBeGreaterThanOrEqual(4);
    // Before the fix the process died here: "Unhandled 'error' event" on the pool (vitest reports it as a failure).
    await new Promise((r) => setTimeout(r, 1000));
    expect(warnings).toContain(
      'PostgreSQL closed an idle connection; the pool opens a new one on the next query',
    );

    const again = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.checks).toEqual([expect.objectContaining({ name: 'database', status: 'ok' })]);
  });

  it('answers a query whose connection dies mid-flight with a clean 503, then serves the next one', async () => {
    const app = await t.buildTestApp({}, { plugins: [slowQueryProbe] });
    const inFlight = app.inject({ method: 'GET', url: '/test/slow-query' });
    // Wait until the sleep is running, then cut its connection (as a failover does).
    for (let i = 0; i < 100; i++) {
      const running = await t.db.execute(
        sql`select 1 from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(10)%'`,
      );
      if (rowsOf(running).length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(10)%'`,
    );
    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });

    const next = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(next.statusCode).toBe(200);
  });
});

describe.skipIf(!adminUrl)('migrations from several processes at once', () => {
  const name = `h_db_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  afterAll(async () => {
    await dropDatabase(adminUrl!, name);
  });

  it('migrate a fresh database once, whoever starts first', async () => {
    await admin(`create database ${name}`);
    const url = withDatabaseName(adminUrl!, name);
    const waits: string[] = [];
    const logger: DatabaseLogger = { info: (_obj, msg) => waits.push(msg), warn: () => {} };
    const databases = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url }, { logger })),
    );
    try {
      // Before the advisory lock, one of these failed: duplicate key value violates unique constraint.
      const results = await Promise.allSettled(databases.map((d) => d.migrate()));
      expect(
        results.map((r) => (r.status === 'rejected' ? String(r.reason?.cause ?? r.reason) : 'ok')),
      ).toEqual(['ok', 'ok', 'ok', 'ok']);
      const applied = rowsOf<{ n: number }>(
        await databases[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const files = readdirSync(new URL('../drizzle/', import.meta.url)).filter((f) => f.endsWith('.sql'));
      expect(applied[0]!.n).toBe(files.length);
      expect(waits.length).toBeGreaterThanOrEqual(1);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
