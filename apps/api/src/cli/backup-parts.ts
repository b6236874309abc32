/**
 * What `npm run backup` and `npm run restore` share (decision 067): the backup folder's layout and manifest, the
 * facts read from a database (schema version, counts, the stored files it refers to), the file store opened as the
 * server opens it, and pg_dump/pg_restore run as child processes.
 */
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { REPO_ROOT } from '../paths.ts';
import type { FileStorage } from '../services/storage/file-storage.ts';
import { LocalDiskStorage } from '../services/storage/local-disk-storage.ts';

/** The backup folder's files. `files/` has the layout of a local file store (the bytes, and `<key>.type` beside). */
export const LAYOUT = {
  manifest: 'manifest.json',
  postgresDump: 'database.dump',
  pgliteArchive: 'database.pglite.tar.gz',
  files: 'files',
  fileSums: 'files.sha256',
} as const;

export const MANIFEST_FORMAT = 'fieldhouse-backup';
export const MANIFEST_VERSION = 1;

/** The schema's place in the migrations (drizzle's journal): the last migration applied and how many were. */
export type SchemaVersion = {
  migration: string | null;
  applied: number;
  migration_created_at: number | null;
};

export type Counts = Record<(typeof COUNTED)[number], number>;

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  format_version: number;
  created_at: string;
  app: { version: string; commit: string | null };
  database: {
    kind: 'postgres' | 'pglite';
    file: string;
    bytes: number;
    sha256: string;
    /** PostgreSQL: the server's version (`server_version`); PGlite: the PGlite package's. */
    server_version: string;
  };
  schema: SchemaVersion;
  counts: Counts;
  files: {
    storage: 'local' | 's3' | 'none';
    count: number;
    bytes: number;
    /** sha256sum's format, paths relative to the backup folder: `cd <backup> && sha256sum -c files.sha256`. */
    list: string;
    list_sha256: string;
    /** Keys the database referred to that the file store no longer held when they were copied (see backups.md). */
    missing: string[];
  };
};

/**
 * Every column that names a stored file. The restore test holds this list to the schema (a new column that names a
 * file must be added here, or its files would be left out of backups).
 */
export const FILE_COLUMNS = [
  { table: 'customers', column: 'profile_photo_path' },
  { table: 'eligibility_documents', column: 'storage_key' },
  { table: 'freeze_requests', column: 'storage_key' },
] as const;

const FILE_KEYS_SQL = FILE_COLUMNS.map(
  ({ table, column }) => `select ${column} as key from ${table} where ${column} is not null`,
).join(' union ');

/** The tables counted in the manifest and compared after a restore. */
const COUNTED = [
  'customers',
  'memberships',
  'bookings',
  'orders',
  'activity_sessions',
  'eligibility_documents',
  'staff_accounts',
  'mail_outbox',
] as const;

/** One statement's rows, from a pg client or PGlite alike. */
export type Query = <R>(text: string) => Promise<R[]>;

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this code has (drizzle's journal), in order. */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The code's own schema version: every migration it has applied. */
export function codeSchemaVersion(): SchemaVersion {
  const entries = codeMigrations();
  const last = entries.at(-1);
  return { migration: last?.tag ?? null, applied: entries.length, migration_created_at: last?.when ?? null };
}

/** Which migrations a database has had (drizzle records each one's `when` as created_at). */
export async function readSchemaVersion(query: Query): Promise<SchemaVersion> {
  const [exists] = await query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  );
  if (!exists?.found) return { migration: null, applied: 0, migration_created_at: null };
  const [row] = await query<{ applied: string; last: string | null }>(
    'select count(*)::text as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const createdAt = row?.last ? Number(row.last) : null;
  const tag = codeMigrations().find((m) => m.when === createdAt)?.tag;
  return {
    // A migration this code does not have (the database is from a newer version) is named by its time.
    migration:
      createdAt === null ? null : (tag ?? `unknown migration of ${new Date(createdAt).toISOString()}`),
    applied: Number(row?.applied ?? 0),
    migration_created_at: createdAt,
  };
}

export async function readCounts(query: Query): Promise<Counts> {
  const [row] = await query<Record<string, string>>(
    `select ${COUNTED.map((t) => `(select count(*) from ${t})::text as ${t}`).join(', ')}`,
  );
  return Object.fromEntries(COUNTED.map((t) => [t, Number(row?.[t] ?? 0)])) as Counts;
}

export async function readFileKeys(query: Query): Promise<string[]> {
  return (await query<{ key: string }>(`${FILE_KEYS_SQL} order by key`)).map((r) => r.key);
}

/**
 * How a database's schema stands against this code: the same, older (the server migrates it forward at start) or
 * newer (from a later version: this code must not run on it).
 */
export function compareSchema(database: SchemaVersion, code = codeSchemaVersion()) {
  if (database.migration_created_at === code.migration_created_at)
    return { state: 'same' as const, text: `${code.migration}` };
  const known = codeMigrations().some((m) => m.when === database.migration_created_at);
  if (
    database.migration_created_at !== null &&
    (!known || database.migration_created_at > (code.migration_created_at ?? 0))
  ) {
    return {
      state: 'newer' as const,
      text:
        `the database is at ${database.migration}, newer than this version of Fieldhouse (${code.migration}): ` +
        'run the version the backup was taken with (its manifest says which), or a newer one',
    };
  }
  const pending = codeMigrations().filter((m) => m.when > (database.migration_created_at ?? 0)).length;
  return {
    state: 'older' as const,
    text:
      `the database is at ${database.migration ?? 'no migration'}, this version at ${code.migration}: ` +
      `the server applies the ${pending} newer migration${pending === 1 ? '' : 's'} when it starts ` +
      '(forward only: keep this backup until the upgraded server is running well)',
  };
}

/** The version of Fieldhouse running the command: the root package's, and the git commit when there is one. */
export async function appVersion(): Promise<Manifest['app']> {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const commit = existsSync(path.join(REPO_ROOT, '.git'))
    ? await new Promise<string | null>((resolve) =>
        execFile('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT }, (err, out) =>
          resolve(err ? null : out.trim()),
        ),
      )
    : null;
  return { version: pkg.version, commit };
}

/** The file store the server would use with this configuration (plugins/app/storage.ts), or null (in memory). */
export async function openFileStorage(
  config: Pick<Config, 's3' | 'storageDir'>,
): Promise<{ storage: FileStorage | null; kind: Manifest['files']['storage']; close: () => Promise<void> }> {
  if (config.s3) {
    const { S3Storage } = await import('../services/storage/s3-storage.ts');
    const bucket = new S3Storage(config.s3);
    return { storage: bucket, kind: 's3', close: async () => bucket.client.destroy() };
  }
  if (config.storageDir)
    return { storage: new LocalDiskStorage(config.storageDir), kind: 'local', close: async () => {} };
  return { storage: null, kind: 'none', close: async () => {} };
}

/** Passes bytes through, hashing and counting them. */
export function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

export async function hashFile(file: string) {
  const h = hashing();
  await pipeline(createReadStream(file), h.stream, async (source) => {
    for await (const _ of source);
  });
  return h.result();
}

/**
 * A libpq connection for pg_dump and pg_restore: the URL without its password (a command line is visible to every
 * user of the machine in `ps`), which goes in PGPASSWORD instead.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client program; rejects with its last lines of stderr when it fails. */
export function runPgTool(program: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(
              `${program} was not found: install PostgreSQL's client programs (Debian: postgresql-client-<major>, the ` +
                'major version of your server or newer) and put them on PATH',
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** How many files are copied at once: a bucket answers each request in tens of milliseconds. */
export const FILES_AT_ONCE = 8;

/** `work` over every item, at most `limit` at a time; the results in the items' order. After an error
 * no item is started and the error is thrown. */
export async function eachAtOnce<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await work(items[index]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A command's failure an operator can act on: printed as one line, exit code 1 (or 2 for a refusal). */
export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}
