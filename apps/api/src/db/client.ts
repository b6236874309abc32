import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiPath } from '../paths.ts';
import { type FolderLock, lockFolder } from './folder-lock.ts';
import { fillFromInitialFolder, readInitialArchive } from './initial-folder.ts';
import { nameStatementsByText } from './pglite-named.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both engines: services take `Db` and never care which one is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** The few pino methods the database layer logs through (pino and Fastify's logger fit). */
export type DatabaseLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

export type OpenDatabaseOptions = {
  /** Where pool errors and migration waits are logged; `setLogger` re-points it (main: the app's logger). */
  logger?: DatabaseLogger;
  /** PostgreSQL: connections per process (default 10). */
  poolSize?: number;
};

export type Database = {
  db: Db;
  kind: DatabaseConfig['kind'];
  /** Applies pending migrations; on PostgreSQL under an advisory lock, so several processes may start at once. */
  migrate: () => Promise<void>;
  /** A trivial query: resolves when the database answers (start-up wait, readiness). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection string (the job engine opens its own pool with it). */
  url?: string;
  setLogger: (logger: DatabaseLogger) => void;
  /** For log lines: "PostgreSQL at host:port" or "PGlite in /folder". */
  label: string;
  /** PGlite only: the raw instance (used by tests to dump a migrated template, and by the job engine). */
  pglite?: PGlite;
  /** The connections now (metrics): PostgreSQL's pool; PGlite's one connection and the calls waiting for it. */
  poolStats: () => PoolStats;
};

export type PoolStats = { max: number; inUse: number; idle: number; waiting: number };

export const MIGRATIONS_FOLDER = apiPath('drizzle');

/**
 * PostgreSQL's buffer pool inside PGlite. The default, 128 MB, is written when PostgreSQL starts, so all of it is
 * resident from the first second; one operator's embedded database works in far less, and its files stay in the
 * operating system's cache besides. 32 MB: about 100 MB less memory at idle, no slower in the tests (issue 12).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Any advisory lock key would do; this one is derived from a fixed name so every process agrees on it. */
const MIGRATION_LOCK = "hashtext('fieldhouse.migrations')";

const consoleLogger: DatabaseLogger = {
  info: () => {},
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * "PostgreSQL at host:port", or "PostgreSQL at /socket/directory:port" when the URL names a Unix socket's directory
 * (`?host=/var/run/postgresql`), without user or password (for log lines and start-up errors).
 */
export function describePostgres(url: string): string {
  try {
    const u = new URL(url);
    const socketDirectory = u.searchParams.get('host');
    const host = socketDirectory?.startsWith('/') ? socketDirectory : u.hostname || 'localhost';
    return `PostgreSQL at ${host}:${u.port || '5432'}`;
  } catch {
    return 'PostgreSQL';
  }
}

export async function openDatabase(
  config: DatabaseConfig,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  let logger = options.logger ?? consoleLogger;
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: options.poolSize ?? 10,
      // Close connections idle for 30 s (fewer for PostgreSQL or a proxy to drop under us), fail a connect
      // attempt after 10 s instead of hanging on an unreachable host, and let TCP keepalive notice a dead peer.
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection closed by the server (restart, failover, pg_terminate_backend, idle timeout): the pool
    // has already dropped it and opens a new one on the next query. Without this listener the process dies.
    pool.on('error', (err) =>
      logger.warn(
        { err: { message: err.message, code: (err as { code?: string }).code } },
        'PostgreSQL closed an idle connection; the pool opens a new one on the next query',
      ),
    );
    // A connection that dies while checked out (in a transaction) also emits 'error'; the query in flight rejects
    // with the same error and the request answers 503, so nothing more to do here than keep the process alive.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    let ended = false;
    return {
      db,
      kind: 'postgres',
      url: config.url,
      label: describePostgres(config.url),
      migrate: () => migratePostgresUnderLock(config.url, logger),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (ended) return;
        ended = true;
        await pool.end();
      },
      setLogger: (next) => {
        logger = next;
      },
      poolStats: () => ({
        max: options.poolSize ?? 10,
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const folder = config.dataDir && !config.dataDir.startsWith('memory://') ? config.dataDir : null;
  const lock: FolderLock | null = folder ? await lockFolder(folder) : null;
  let pglite: PGlite;
  try {
    let loadDataDir = config.loadDataDir;
    if (folder && !loadDataDir && (await fillFromInitialFolder(folder)))
      logger.info({ folder }, 'New data folder: started from the migrated one made at build time');
    if (!folder && !loadDataDir) {
      loadDataDir = (await readInitialArchive()) ?? undefined;
      if (loadDataDir)
        logger.info({}, 'In-memory database: started from the migrated one made at build time');
    }
    pglite = await PGlite.create({
      dataDir: config.dataDir,
      loadDataDir,
      // The desk's name search uses pg_trgm's index (migration 0025, decision 059); PGlite loads it from its package.
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (err) {
    await lock?.release();
    throw err;
  }
  nameStatementsByText(pglite);
  const exclusive = countExclusiveUse(pglite);
  const raw = drizzlePglite(pglite, { schema });
  return {
    db: raw as unknown as Db,
    kind: 'pglite',
    label: folder ? `PGlite in ${folder}` : 'PGlite in memory',
    pglite,
    migrate: () => migratePglite(raw, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        await lock?.release();
      }
    },
    setLogger: (next) => {
      logger = next;
    },
    poolStats: () => ({
      max: 1,
      inUse: exclusive.active,
      idle: 1 - exclusive.active,
      waiting: exclusive.waiting,
    }),
  };
}

/**
 * PGlite's one connection: every call (a query, an exec, a whole transaction, the job engine's too) holds it through
 * `_runExclusiveTransaction`; counted here as in use, and the calls queued behind it as waiting.
 */
function countExclusiveUse(pglite: PGlite) {
  const use = { active: 0, waiting: 0 };
  const exclusive = pglite._runExclusiveTransaction.bind(pglite);
  pglite._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    use.waiting++;
    return exclusive(async () => {
      use.waiting--;
      use.active++;
      try {
        return await fn();
      } finally {
        use.active--;
      }
    });
  };
  return use;
}

/**
 * Runs the migrations on one dedicated connection holding a PostgreSQL advisory lock: a second process waits
 * for the first and then finds nothing left to do (two at once used to collide on CREATE SCHEMA: duplicate key).
 */
async function migratePostgresUnderLock(url: string, logger: DatabaseLogger) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a dead connection rejects the query in flight, which throws below
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`,
    );
    if (!rows[0]?.locked) {
      logger.info({}, 'Another process is migrating the database; waiting for it to finish');
      await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    }
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
    }
  } finally {
    await client.end();
  }
}
