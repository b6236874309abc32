import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { installedPgliteVersion } from '../db/initial-folder.ts';
import type { FileStorage } from '../services/storage/file-storage.ts';
import { LocalDiskStorage } from '../services/storage/local-disk-storage.ts';
import {
  appVersion,
  BackupError,
  type Counts,
  eachAtOnce,
  FILES_AT_ONCE,
  hashFile,
  hashing,
  LAYOUT,
  libpqConnection,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  openFileStorage,
  type Query,
  readCounts,
  readFileKeys,
  readSchemaVersion,
  runPgTool,
  type SchemaVersion,
} from './backup-parts.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- --out <folder>
  Backs up the database (DATABASE_URL with pg_dump, or the PGlite folder DATA_DIR) and every stored file the
  database refers to (STORAGE_DIR or the S3 bucket) into <folder>, a new or empty folder, with manifest.json.
  See docs/backups.md.`;

type Facts = { schema: SchemaVersion; counts: Counts; keys: string[] };

export type BackupOptions = {
  database: Config['database'];
  storage: FileStorage | null;
  storageKind: Manifest['files']['storage'];
  out: string;
  log: (line: string) => void;
};

/**
 * Copies every file the database refers to from the file store into `<out>/files` (a local store's layout),
 * hashing each. Keys the store no longer holds are returned as missing (a profile photo replaced since the
 * database's snapshot: see docs/backups.md, 'Consistency').
 */
async function copyFiles(storage: FileStorage | null, keys: string[], out: string) {
  const into = new LocalDiskStorage(path.join(out, LAYOUT.files));
  const copied = await eachAtOnce(keys, FILES_AT_ONCE, async (key) => {
    const file = await storage?.get(key);
    if (!file) return { key, missing: true as const };
    const h = hashing();
    file.body.on('error', (err) => h.stream.destroy(err));
    await into.put(key, file.body.pipe(h.stream), file.contentType);
    return { key, missing: false as const, ...h.result() };
  });
  const sums = copied.flatMap((c) => (c.missing ? [] : [`${c.sha256}  ${LAYOUT.files}/${c.key}\n`]));
  const missing = copied.filter((c) => c.missing).map((c) => c.key);
  const bytes = copied.reduce((sum, c) => sum + (c.missing ? 0 : c.bytes), 0);
  await writeFile(path.join(out, LAYOUT.fileSums), sums.join(''));
  return { count: sums.length, bytes, missing };
}

async function readFacts(query: Query): Promise<Facts> {
  return {
    schema: await readSchemaVersion(query),
    counts: await readCounts(query),
    keys: await readFileKeys(query),
  };
}

/**
 * PostgreSQL: one snapshot for everything. A read-only repeatable-read transaction exports its snapshot; the counts
 * and file keys are read in it, the files copied, and pg_dump dumps that same snapshot (`--snapshot`). Every file
 * is written before the row that names it is committed (uploads store first), so each key in the snapshot was
 * in the store before it; files are never changed in place, only deleted after their row stops naming them.
 */
async function backupPostgres(url: string, options: BackupOptions) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const query: Query = async <R>(text: string) => (await client.query(text)).rows as R[];
    const facts = await readFacts(query);
    const [{ version }] = (
      await client.query<{ version: string }>("select current_setting('server_version') as version")
    ).rows as [{ version: string }];
    options.log(`Database: ${facts.schema.migration}, ${describeCounts(facts.counts)}`);
    options.log(`Copying ${facts.keys.length} stored file(s) the database refers to`);
    const files = await copyFiles(options.storage, facts.keys, options.out);
    options.log('Dumping the database (pg_dump, custom format)');
    const { dbname, env } = libpqConnection(url);
    const file = path.join(options.out, LAYOUT.postgresDump);
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, dbname], env);
    await client.query('commit');
    return { facts, files, database: { file: LAYOUT.postgresDump, serverVersion: version } };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PGlite: the data folder is locked by one process, so the server must be stopped (opening it here fails while
 * it runs); nothing writes meanwhile. PGlite's own dumpDataDir writes the folder as a gzipped tar.
 */
async function backupPglite(dataDir: string, options: BackupOptions) {
  if (dataDir.startsWith('memory://'))
    throw new BackupError('DATA_DIR=memory:// is a throw-away database: there is nothing to back up.');
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`There is no database in ${dataDir} (DATA_DIR).`);
  const database = await openDatabase({ kind: 'pglite', dataDir }).catch((err: Error) => {
    throw new BackupError(`${err.message} (stop the server first: PGlite allows one process per folder)`);
  });
  try {
    const pglite = database.pglite!;
    const query: Query = async <R>(text: string) => (await pglite.query<R>(text)).rows;
    const facts = await readFacts(query);
    options.log(`Database: ${facts.schema.migration}, ${describeCounts(facts.counts)}`);
    options.log(`Copying ${facts.keys.length} stored file(s) the database refers to`);
    const files = await copyFiles(options.storage, facts.keys, options.out);
    options.log('Archiving the PGlite data folder (dumpDataDir)');
    const archive = await pglite.dumpDataDir('gzip');
    await writeFile(path.join(options.out, LAYOUT.pgliteArchive), Buffer.from(await archive.arrayBuffer()));
    return {
      facts,
      files,
      database: { file: LAYOUT.pgliteArchive, serverVersion: `PGlite ${installedPgliteVersion()}` },
    };
  } finally {
    await database.close();
  }
}

const describeCounts = (counts: Counts) =>
  `${counts.customers} customers, ${counts.bookings} bookings, ${counts.memberships} memberships`;

/** Backs up the database and its files into `options.out` (new or empty); the manifest is written last. */
export async function backup(options: BackupOptions): Promise<Manifest> {
  if (existsSync(options.out) && (await readdir(options.out)).length)
    throw new BackupError(
      `${options.out} is not empty: back up into a new folder (e.g. one named by the date).`,
      2,
    );
  await mkdir(options.out, { recursive: true });
  const started = new Date();
  const taken =
    options.database.kind === 'postgres'
      ? await backupPostgres(options.database.url, options)
      : await backupPglite(options.database.dataDir, options);
  const dumpFile = path.join(options.out, taken.database.file);
  const dump = await hashFile(dumpFile);
  const list = await hashFile(path.join(options.out, LAYOUT.fileSums));
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    format_version: MANIFEST_VERSION,
    created_at: started.toISOString(),
    app: await appVersion(),
    database: {
      kind: options.database.kind,
      file: taken.database.file,
      bytes: (await stat(dumpFile)).size,
      sha256: dump.sha256,
      server_version: taken.database.serverVersion,
    },
    schema: taken.facts.schema,
    counts: taken.facts.counts,
    files: {
      storage: options.storageKind,
      count: taken.files.count,
      bytes: taken.files.bytes,
      list: LAYOUT.fileSums,
      list_sha256: list.sha256,
      missing: taken.files.missing,
    },
  };
  await writeFile(path.join(options.out, LAYOUT.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const key of taken.files.missing)
    options.log(
      `Warning: ${key} is named by the database but was no longer in the file store (see docs/backups.md)`,
    );
  options.log(
    `Backup written to ${options.out}: database ${formatBytes(manifest.database.bytes)}, ` +
      `${manifest.files.count} file(s) ${formatBytes(manifest.files.bytes)}`,
  );
  return manifest;
}

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

/** `npm run backup -- --out <folder>`: resolves to the exit code (0 done, 1 failed, 2 usage or refused). */
export async function runBackupCommand(
  argv: string[],
  config: Pick<Config, 'database' | 's3' | 'storageDir'>,
  log: (line: string) => void,
): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: argv, options: { out: { type: 'string' } } }));
  } catch {
    out = undefined;
  }
  if (!out) {
    log(BACKUP_USAGE);
    return 2;
  }
  const files = await openFileStorage(config);
  try {
    await backup({
      database: config.database,
      storage: files.storage,
      storageKind: files.kind,
      out: path.resolve(out),
      log,
    });
    return 0;
  } catch (err) {
    log(`Backup failed: ${(err as Error).message}`);
    return err instanceof BackupError ? err.exitCode : 1;
  } finally {
    await files.close();
  }
}
