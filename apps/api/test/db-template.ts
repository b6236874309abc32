import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.ts';
import { isProcessAlive } from '../src/db/folder-lock.ts';
import { installJobSchema } from '../src/services/jobs/job-engine.ts';

/** Hash of the migration files: a new migration makes a new template. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 12);
}

/**
 * The migrated PGlite data folder as a plain tar (about 45 MB): a file opens from it in about 260 ms against 440 ms
 * from gzip, which was most of each file's start on PGlite.
 */
export const pgliteTemplatePath = () =>
  path.join(os.tmpdir(), `fieldhouse-pglite-template-${migrationsHash()}.tar`);
export const pgTemplateName = () => `fh_template_${migrationsHash()}`;

export async function ensurePgliteTemplate() {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await installJobSchema(database); // tests that start the job engine then skip pg-boss's install
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
  await rename(tmp, file);
  return file;
}

/** The same server's URL for another database. */
export const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** One statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

/** Creates the migrated PostgreSQL template once (built under a temporary name, then renamed). */
export async function ensurePgTemplate(adminUrl: string) {
  const name = pgTemplateName();
  const exists = await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount) return name;
  const building = `${name}_building`;
  await adminQuery(adminUrl, `drop database if exists ${building} with (force)`);
  await adminQuery(adminUrl, `create database ${building}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, building) });
  try {
    await database.migrate();
    await installJobSchema(database);
  } finally {
    await database.close();
  }
  await adminQuery(adminUrl, `alter database ${building} rename to ${name}`);
  return name;
}

/**
 * Drops per-file databases left behind by an interrupted run: only those whose worker process (the pid in the
 * name) is gone, so two test runs on one server (two checkouts, CI beside a developer) leave each other alone.
 */
export async function dropStaleTestDatabases(adminUrl: string) {
  const stale = await adminQuery<{ datname: string }>(
    adminUrl,
    // `_` is a LIKE wildcard: unescaped, 'fh_t_%' also matched every run's template (fh_template_…) and dropped it.
    "select datname from pg_database where datname like 'fh\\_t\\_%'",
  );
  for (const row of stale.rows) {
    const match = /^fh_t_(\d+)_/.exec(row.datname);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid > 0 && isProcessAlive(pid)) continue;
    await adminQuery(adminUrl, `drop database if exists ${row.datname} with (force)`);
  }
}

/** A fresh, migrated database for one test file: a restored PGlite dump, or a PostgreSQL copy of the template. */
let pgliteTemplate: Promise<Blob> | undefined;

export async function openFreshDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Read once per worker (files share the module graph: vitest's isolate is off), opened by every file.
    pgliteTemplate ??= ensurePgliteTemplate().then(async (file) => new Blob([await readFile(file)]));
    return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
  }
  const template = await ensurePgTemplate(adminUrl);
  const name = `fh_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name} template ${template}`);
      break;
    } catch (err) {
      // Two files copying the template at the same instant can collide; retry briefly.
      if (attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      // pool.end() resolves before its connections have finished closing; dropping WITH (FORCE) at once would
      // kill them mid-close and surface as unhandled errors. Wait until they are gone (force only as a last resort).
      for (let attempt = 0; ; attempt++) {
        try {
          await adminQuery(
            adminUrl,
            `drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`,
          );
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    },
  };
}
