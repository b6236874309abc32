import { existsSync, openAsBlob } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { isProcessAlive, LOCK_FILE_NAME } from '../db/folder-lock.ts';
import type { FileStorage } from '../services/storage/file-storage.ts';
import { LocalDiskStorage } from '../services/storage/local-disk-storage.ts';
import {
  BackupError,
  type Counts,
  compareSchema,
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
  readSchemaVersion,
  runPgTool,
  type SchemaVersion,
} from './backup-parts.ts';

export const RESTORE_USAGE = `Usage: npm run restore -- --from <backup folder> [--force]
  Restores a backup made by npm run backup into the database (DATABASE_URL, or the PGlite folder DATA_DIR) and the
  file store (STORAGE_DIR or the S3 bucket). The database must be empty: a new one (createdb), or a DATA_DIR with
  no database in it. --force first empties a PostgreSQL database that is not empty (drops its schemas).
  See docs/backups.md.`;

export type RestoreOptions = {
  database: Config['database'];
  storage: FileStorage | null;
  from: string;
  force?: boolean;
  log: (line: string) => void;
};

async function readManifest(from: string): Promise<Manifest> {
  const file = path.join(from, LAYOUT.manifest);
  if (!existsSync(file))
    throw new BackupError(
      `${from} has no ${LAYOUT.manifest}: it is not a Fieldhouse backup, or one that did not finish.`,
      2,
    );
  const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT || manifest.format_version > MANIFEST_VERSION)
    throw new BackupError(
      `${file} is not a backup this version can read (format ${manifest.format} ${manifest.format_version}).`,
      2,
    );
  return manifest;
}

/** The checksums the manifest records, checked before anything is restored. */
async function verifyBackup(from: string, manifest: Manifest) {
  const dump = await hashFile(path.join(from, manifest.database.file));
  if (dump.sha256 !== manifest.database.sha256)
    throw new BackupError(
      `${manifest.database.file} does not match its checksum in the manifest: it is damaged.`,
    );
  const list = await hashFile(path.join(from, manifest.files.list));
  if (list.sha256 !== manifest.files.list_sha256)
    throw new BackupError(
      `${manifest.files.list} does not match its checksum in the manifest: it is damaged.`,
    );
  return (await readFile(path.join(from, manifest.files.list), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha256, file] = line.split('  ') as [string, string];
      return { sha256, key: file.slice(`${LAYOUT.files}/`.length) };
    });
}

/** Puts every file of the backup into the file store, checking each one's bytes against its checksum on the way. */
async function restoreFiles(
  from: string,
  files: { sha256: string; key: string }[],
  storage: FileStorage | null,
  log: (line: string) => void,
) {
  if (!files.length) return;
  if (!storage)
    throw new BackupError(
      'The backup has stored files but no file store is configured (set STORAGE_DIR, or S3_BUCKET).',
    );
  const source = new LocalDiskStorage(path.join(from, LAYOUT.files));
  log(`Restoring ${files.length} stored file(s)`);
  await eachAtOnce(files, FILES_AT_ONCE, async ({ key, sha256 }) => {
    const file = await source.get(key);
    if (!file) throw new BackupError(`${LAYOUT.files}/${key} is listed in the backup but missing from it.`);
    const h = hashing();
    file.body.on('error', (err) => h.stream.destroy(err));
    await storage.put(key, file.body.pipe(h.stream), file.contentType);
    if (h.result().sha256 !== sha256) {
      await storage.delete(key);
      throw new BackupError(`${LAYOUT.files}/${key} does not match its checksum: the backup is damaged.`);
    }
  });
}

/** Tables, views and sequences in the database's own schemas: none in a new database. */
const USER_RELATIONS = `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg\\_%'`;

async function restorePostgres(url: string, file: string, options: RestoreOptions) {
  const query = await connect(url);
  try {
    const [{ n }] = (await query.run<{ n: number }>(USER_RELATIONS)) as [{ n: number }];
    if (n > 0 && !options.force)
      throw new BackupError(
        `The database in DATABASE_URL is not empty (${n} tables, views and sequences): restore into a new, empty ` +
          'database (createdb), or add --force to empty this one and restore into it.',
        2,
      );
  } finally {
    await query.end();
  }
  return async () => {
    // pg_restore's own --clean cannot drop pg-boss's partitioned tables' inherited constraints: empty it instead.
    if (options.force) await emptyDatabase(url, options.log);
    options.log('Restoring the database (pg_restore, one transaction)');
    const { dbname, env } = libpqConnection(url);
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    const after = await connect(url);
    try {
      return await readRestored(after.run);
    } finally {
      await after.end();
    }
  };
}

/** --force: drops every schema of the database (public is made again, empty), in one transaction. */
async function emptyDatabase(url: string, log: (line: string) => void) {
  const { run, end } = await connect(url);
  try {
    const schemas = await run<{ name: string }>(
      `select quote_ident(nspname) as name from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
       and nspname not like 'pg\\_%' order by nspname`,
    );
    log(`--force: emptying the database (dropping schemas ${schemas.map((s) => s.name).join(', ')})`);
    await run('begin');
    for (const { name } of schemas) await run(`drop schema ${name} cascade`);
    await run('create schema public');
    await run('commit');
  } finally {
    await end();
  }
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  const run: Query = async <R>(text: string) => (await client.query(text)).rows as R[];
  return { run, end: () => client.end().catch(() => {}) };
}

async function restorePglite(dataDir: string, file: string, options: RestoreOptions) {
  if (dataDir.startsWith('memory://'))
    throw new BackupError(
      'DATA_DIR=memory:// is a throw-away database: set DATA_DIR to the folder to restore into.',
    );
  if (existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(
      `${dataDir} (DATA_DIR) already holds a database: restore into a new folder, or move this one away first.`,
      2,
    );
  return async () => {
    options.log(`Restoring the PGlite data folder into ${dataDir}`);
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: await openAsBlob(file) });
    try {
      const pglite = database.pglite!;
      return await readRestored(async <R>(text: string) => (await pglite.query<R>(text)).rows);
    } finally {
      await database.close();
      await removeArchivedLock(dataDir);
    }
  };
}

/**
 * The archive holds the data folder as the backup saw it, with the lock file of the process that took it (which
 * replaced ours when PGlite unpacked it): removed unless a live process other than this one is named in it.
 */
async function removeArchivedLock(dataDir: string) {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number((JSON.parse(text) as { pid?: unknown }).pid);
  if (pid === process.pid || !isProcessAlive(pid)) await rm(file, { force: true });
}

const readRestored = async (query: Query) => ({
  schema: await readSchemaVersion(query),
  counts: await readCounts(query),
});

/**
 * Restores a backup: checks it (manifest, checksums, schema not newer than this code), refuses a database that is
 * not empty (PostgreSQL: unless `force`), puts the files back, restores the database, and compares the restored
 * counts and schema with the manifest's. Resolves with how the schema stands against this code.
 */
export async function restore(options: RestoreOptions) {
  const { from, log } = options;
  const manifest = await readManifest(from);
  log(
    `Backup of ${manifest.created_at} by Fieldhouse ${manifest.app.version}` +
      `${manifest.app.commit ? ` (${manifest.app.commit.slice(0, 12)})` : ''}, schema ${manifest.schema.migration}`,
  );
  if (manifest.database.kind !== options.database.kind)
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
        : 'This is a backup of an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to restore it.',
      2,
    );
  const before = compareSchema(manifest.schema);
  if (before.state === 'newer') throw new BackupError(`Not restored: ${before.text}.`, 2);
  const files = await verifyBackup(from, manifest);
  const file = path.join(from, manifest.database.file);
  const restoreDatabase =
    options.database.kind === 'postgres'
      ? await restorePostgres(options.database.url, file, options)
      : await restorePglite(options.database.dataDir, file, options);
  // Files first: should the database's restore fail, files nothing names are harmless.
  await restoreFiles(from, files, options.storage, log);
  const restored = await restoreDatabase();
  checkRestored(manifest, restored);
  const schema = compareSchema(restored.schema);
  log(
    `Restored: ${restored.counts.customers} customers, ${restored.counts.bookings} bookings, ` +
      `${files.length} stored file(s), as the manifest says`,
  );
  log(schema.state === 'same' ? `Schema ${schema.text}: matches this version.` : `Schema: ${schema.text}.`);
  for (const key of manifest.files.missing)
    log(`Note: ${key} was missing from the file store when the backup was taken; it is missing here too.`);
  return { manifest, schema };
}

function checkRestored(manifest: Manifest, restored: { schema: SchemaVersion; counts: Counts }) {
  const differ = Object.entries(manifest.counts).filter(
    ([table, n]) => restored.counts[table as keyof Counts] !== n,
  );
  if (differ.length || restored.schema.migration_created_at !== manifest.schema.migration_created_at)
    throw new BackupError(
      `The restored database differs from the backup's manifest: ${
        differ.map(([t, n]) => `${t} ${restored.counts[t as keyof Counts]} (manifest ${n})`).join(', ') ||
        `schema ${restored.schema.migration} (manifest ${manifest.schema.migration})`
      }.`,
    );
}

/** `npm run restore -- --from <folder> [--force]`: resolves to the exit code (0 done, 1 failed, 2 refused). */
export async function runRestoreCommand(
  argv: string[],
  config: Pick<Config, 'database' | 's3' | 'storageDir'>,
  log: (line: string) => void,
): Promise<number> {
  let values: { from?: string; force?: boolean } = {};
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, force: { type: 'boolean' } },
    }));
  } catch {
    values = {};
  }
  if (!values.from) {
    log(RESTORE_USAGE);
    return 2;
  }
  const files = await openFileStorage(config);
  try {
    await restore({
      database: config.database,
      storage: files.storage,
      from: path.resolve(values.from),
      force: values.force ?? false,
      log,
    });
    return 0;
  } catch (err) {
    log(`Restore failed: ${(err as Error).message}`);
    return err instanceof BackupError ? err.exitCode : 1;
  } finally {
    await files.close();
  }
}
