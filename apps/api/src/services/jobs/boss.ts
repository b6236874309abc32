import { type ConstructorOptions, PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { JOB_SCHEMA, type WorkOptions } from './job-types.ts';
import { createPgliteAdapter } from './pglite-adapter.ts';

/** pg-boss's queue options for one job type's WorkOptions. */
export function queueOptions(options: WorkOptions) {
  return {
    retryLimit: options.retryLimit ?? 2,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: options.retryBackoff ?? true,
    ...(options.retryDelayMaxSeconds ? { retryDelayMax: options.retryDelayMaxSeconds } : {}),
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
  };
}

/** Builds the pg-boss instance for our database: its own pool on PostgreSQL, the app's PGlite in-process. */
export const DEFAULT_SUPERVISE_INTERVAL_SECONDS = 15;

export function createBoss(
  database: Database,
  extra: Partial<ConstructorOptions> = {},
  superviseIntervalSeconds = DEFAULT_SUPERVISE_INTERVAL_SECONDS,
) {
  // Supervision: expired jobs of a process that died are failed, and so retried. pg-boss looks at a queue's expired
  // jobs only in its monitor pass, which runs at most every monitorIntervalSeconds (60 s by default) however often
  // supervision wakes, so both intervals are set.
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
    // The backlog a worker bursts on (work's burstWhenReadyExceeds) is read from this cache.
    queueCacheIntervalSeconds: superviseIntervalSeconds,
    ...extra,
  };
  if (database.kind === 'postgres') {
    if (!database.url)
      throw new Error('The job engine needs the PostgreSQL connection string (database.url)');
    return new PgBoss({
      ...common,
      connectionString: database.url,
      max: 4,
      application_name: 'fieldhouse-jobs',
    });
  }
  if (!database.pglite) throw new Error('The job engine needs the PGlite instance (database.pglite)');
  return new PgBoss({ ...common, backend: 'pglite', db: createPgliteAdapter(database.pglite) });
}

/**
 * Installs (or migrates) the pg-boss schema and returns: the test templates call it so each test database starts
 * with the schema in place (starting an engine then costs a version check, not the install).
 */
export async function installJobSchema(database: Database) {
  const boss = createBoss(database, { supervise: false, schedule: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
