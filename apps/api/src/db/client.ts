import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

export type Database = {
  db: Db;
  kind: DatabaseConfig['kind'];
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL only: the connection string (the job engine opens its own pool with it). */
  url?: string;
  /** PGlite only: the raw instance (used by tests to dump a migrated template, and by the job engine). */
  pglite?: PGlite;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: config.url,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  const pglite = await PGlite.create({ dataDir: config.dataDir, loadDataDir: config.loadDataDir });
  const raw = drizzlePglite(pglite, { schema });
  return {
    db: raw as unknown as Db,
    kind: 'pglite',
    pglite,
    migrate: () => migratePglite(raw, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
  };
}
