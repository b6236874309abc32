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

/** Creates the migrated PostgreSQL template once (built under a name of this run's own, then renamed). */
export async function ensurePgTemplate(adminUrl: string) {
  const name = pgTemplateName();
  const exists = await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount) return name;
  // Built under this process's own name, so two runs building it at once (two checkouts, CI beside a developer) do
  // not drop each other's half-built copy; one left by a run that died is dropped as stale (`fh_t_<pid>_…`).
  const building = `fh_t_${process.pid}_template`;
  await adminQuery(adminUrl, `drop database if exists ${building} with (force)`);
  await adminQuery(adminUrl, `create database ${building}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, building) });
  try {
    await database.migrate();
    await installJobSchema(database);
  } finally {
    await database.close();
  }
  try {
    await adminQuery(adminUrl, `alter database ${building} rename to ${name}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // duplicate_database
    // Another run finished the same template first (same migrations, same name): use theirs.
    await adminQuery(adminUrl, `drop database if exists ${building} with (force)`);
  }
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

/**
 * This worker's databases whose files have ended, emptied back to the template's state for the next file: copying
 * the template costs about 650 ms of server time a file (CREATE DATABASE writes the whole copy to the WAL), emptying
 * one about 30 ms. See docs/decisions/025.
 */
const spareDatabases: string[] = [];

async function copyTemplate(adminUrl: string): Promise<string> {
  const template = await ensurePgTemplate(adminUrl);
  const name = `fh_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name} template ${template}`);
      return name;
    } catch (err) {
      // Two files copying the template at the same instant can collide; retry briefly.
      if (attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * Drops `name` once the connections to it are gone. pool.end() resolves before its connections have finished
 * closing; dropping WITH (FORCE) at once kills them mid-close, and the FATAL 57P01 the server sends them surfaces as
 * an unhandled error in the test process (it failed the cluster test on a loaded CI run). Force only as a last resort.
 */
export async function dropDatabase(adminUrl: string, name: string) {
  // Up to 10 s: a loaded CI machine can take seconds to end a closing connection's server process.
  const forceAfter = Date.now() + 10_000;
  for (;;) {
    const force = Date.now() >= forceAfter;
    try {
      await adminQuery(adminUrl, `drop database if exists ${name}${force ? ' with (force)' : ''}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || force) throw err; // 55006: still in use
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const USER_SCHEMA = "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'";
/**
 * What a database is apart from its rows: relations with their columns, constraints, functions and types in our
 * schemas. Equal to the template's, putting the template's rows and sequences back gives the template back.
 */
const SHAPE = `select md5(concat_ws('|',
  (select string_agg(format('%s %I.%I(%s)', c.relkind, n.nspname, c.relname, (select string_agg(format('%I %s %s',
     a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull), ',' order by a.attnum) from pg_attribute a
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)), ';' order by n.nspname, c.relname)
   from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}),
  (select string_agg(format('%I.%I %s', n.nspname, k.conname, k.contype), ';' order by n.nspname, k.conname, k.contype)
   from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${USER_SCHEMA}),
  (select string_agg(format('%I.%I', n.nspname, p.proname), ';' order by n.nspname, p.proname)
   from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}),
  (select string_agg(format('%I.%I', n.nspname, t.typname), ';' order by n.nspname, t.typname)
   from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMA})
)) as shape`;
const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')`;
const SEQUENCES =
  "select format('%I.%I', schemaname, sequencename) as name, start_value::text as start, last_value::text as last from pg_sequences";

/** A database's state as a fresh copy of the template has it: its shape, the rows it holds (the migrations
 * recorded, the job schema's version), where its sequences stand. */
type TemplateState = {
  shape: string;
  rows: { table: string; json: string }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
};

/** The template's state, read from this worker's first copy before any test has used it. */
let templateState: Promise<TemplateState> | undefined;

/** One statement's rows, on PostgreSQL (a client of its own) or PGlite (the instance) alike. */
type Query = <R>(text: string, params?: unknown[]) => Promise<R[]>;

async function withClient<T>(adminUrl: string, name: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(adminUrl, name) });
  await client.connect();
  try {
    return await use(
      async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
    );
  } finally {
    await client.end();
  }
}

const pgliteQuery =
  (database: Database): Query =>
  async <R>(text: string, params?: unknown[]) =>
    (await database.pglite!.query<R>(text, params)).rows;

const shapeOf = async (query: Query) => (await query<{ shape: string }>(SHAPE))[0]!.shape;

async function readState(query: Query): Promise<TemplateState> {
  const rows: TemplateState['rows'] = [];
  for (const { name: table } of await query<{ name: string }>(TABLES)) {
    const [{ json } = { json: null }] = await query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (json) rows.push({ table, json });
  }
  const sequences = (await query<{ name: string; start: string; last: string | null }>(SEQUENCES)).map(
    (s) => ({
      name: s.name,
      value: String(s.last ?? s.start),
      isCalled: s.last !== null,
    }),
  );
  return { shape: await shapeOf(query), rows, sequences };
}

/**
 * Puts a finished file's database back to the template's state for the next file, if its shape is still the
 * template's: every table emptied (foreign keys not checked meanwhile), the template's rows put back, every
 * sequence where the template's stands. False when it cannot be reused (then it is dropped).
 */
async function resetForReuse(query: Query): Promise<boolean> {
  const template = await templateState!;
  try {
    if ((await shapeOf(query)) !== template.shape) return false;
    const tables = await query<{ name: string }>(TABLES);
    await query('begin');
    try {
      await query('set local session_replication_role = replica');
      for (const { name: table } of tables) await query(`delete from ${table}`);
      for (const { table, json } of template.rows)
        await query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
          json,
        ]);
      for (const { name: sequence, value, isCalled } of template.sequences)
        await query('select setval($1::regclass, $2::bigint, $3)', [sequence, value, isCalled]);
      await query('commit');
    } catch (err) {
      await query('rollback');
      throw err;
    }
    return true;
  } catch {
    return false;
  }
}

/** On PostgreSQL, a database other connections have left (a closed pool's take a moment to go). */
async function isLeft(query: Query): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const others = await query(
      'select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (!others.length) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** This worker's PGlite databases whose files have ended, reset for the next file (as `spareDatabases`). */
const sparePglites: Database[] = [];

/** A fresh, migrated database for one test file: a restored PGlite dump, or a PostgreSQL copy of the template. */
let pgliteTemplate: Promise<Blob> | undefined;

/**
 * `reuse: false` when the test goes on using the database after closing it, to see it gone: a PGlite database kept
 * for the next file would still answer.
 */
export async function openFreshDatabase({ reuse = true }: { reuse?: boolean } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // Read once per worker (files share the module graph: vitest's isolate is off), opened by every file.
    pgliteTemplate ??= ensurePgliteTemplate().then(async (file) => new Blob([await readFile(file)]));
    const database =
      sparePglites.pop() ?? (await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate }));
    templateState ??= readState(pgliteQuery(database));
    await templateState;
    let closed = false; // a second close must not hand the database out twice
    return {
      ...database,
      close: async () => {
        if (closed) return;
        closed = true;
        if (reuse && !database.pglite!.closed && (await resetForReuse(pgliteQuery(database))))
          sparePglites.push(database);
        else await database.close();
      },
    };
  }
  const name = spareDatabases.pop() ?? (await copyTemplate(adminUrl));
  templateState ??= withClient(adminUrl, name, readState);
  await templateState;
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  let closed = false; // a second close must not hand the database out twice
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close();
      const reused =
        reuse &&
        (await withClient(
          adminUrl,
          name,
          async (query) => (await isLeft(query)) && (await resetForReuse(query)),
        ).catch(() => false));
      if (reused) spareDatabases.push(name);
      else await dropDatabase(adminUrl, name);
    },
  };
}
