import type { PGlite } from '@electric-sql/pglite';
import { type Db as BossDatabase, fromPglite } from 'pg-boss';

/**
 * pg-boss's `fromPglite` adapter, with one fix for a PGlite shared with the app.
 *
 * PGlite has one connection. pg-boss sends some work as one parameterless block `BEGIN; …; COMMIT;` (schema
 * installs, queue creation, maintenance). When a statement in such a block fails, the block stops with the session
 * inside an aborted transaction; `fromPglite` then sends `ROLLBACK` as a separate call. Between the two calls any
 * app transaction waiting on PGlite's transaction lock runs inside the aborted transaction and fails ("current
 * transaction is aborted"): measured, 200 of 200 interleaved app transactions failed. Here a block that opens its own
 * transaction runs inside `pglite.transaction()`, which holds the lock until it has rolled back on failure. (The
 * nested BEGIN and the outer COMMIT only raise warnings, which PGlite does not print.)
 */
export function createPgliteAdapter(pglite: PGlite): BossDatabase {
  const base = fromPglite(pglite);
  return {
    ...base,
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length || !/^\s*BEGIN\b/i.test(text)) return base.executeSql(text, values);
      return pglite.transaction(async (tx) => {
        const results = await tx.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      });
    },
  };
}
