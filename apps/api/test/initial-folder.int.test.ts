import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import {
  fillFromInitialFolder,
  installedPgliteVersion,
  readInitialArchive,
  writeInitialFolder,
} from '../src/db/initial-folder.ts';
import { ensurePgliteTemplate } from './db-template.ts';

/**
 * A new PGlite data folder starts as a copy of the migrated one made at build time (db/initial-folder.ts, decision
 * 050), so a first start skips initdb and its memory peak. Here the initial folder is made the way the build makes
 * it, from the suite's migrated template instead of initdb (the same files, and faster).
 */
const onPglite = !process.env.TEST_DATABASE_URL;
let scratch = '';
let initial = '';

const migrationsIn = async (folder: string) => {
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  try {
    await database.migrate();
    const { rows } = await database.pglite!.query<{ n: number; venues: number }>(
      'select (select count(*)::int from drizzle.__drizzle_migrations) as n, (select count(*)::int from venues) as venues',
    );
    return rows[0]!;
  } finally {
    await database.close();
  }
};

describe.skipIf(!onPglite)('a new PGlite data folder', () => {
  let migrations = 0;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'fh-initial-folder-'));
    initial = path.join(scratch, 'pglite-initial');
    const template = new Blob([await readFile(await ensurePgliteTemplate())]);
    await writeInitialFolder(async (folder) => {
      const database = await openDatabase({ kind: 'pglite', dataDir: folder, loadDataDir: template });
      await database.migrate();
      const { rows } = await database.pglite!.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const archive = await database.pglite!.dumpDataDir('none');
      await database.close();
      migrations = rows[0]!.n;
      return { migrations, archive };
    }, initial);
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('starts from the migrated initial folder, which names the PGlite that made it, and keeps its rows after', async () => {
    expect(migrations).toBeGreaterThan(20);
    expect(JSON.parse(await readFile(`${initial}.json`, 'utf8'))).toEqual({
      pglite: installedPgliteVersion(),
      migrations,
    });
    expect(await readdir(initial)).not.toContain('fieldhouse.lock');

    const folder = path.join(scratch, 'data');
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder);
    expect(await fillFromInitialFolder(folder, initial)).toBe(true);
    expect(await migrationsIn(folder)).toEqual({ n: migrations, venues: 0 });

    // A folder that holds a database is never filled again.
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    await database.pglite!.exec("create table kept (name text); insert into kept values ('Kept')");
    await database.close();
    expect(await fillFromInitialFolder(folder, initial)).toBe(false);
    const reopened = await openDatabase({ kind: 'pglite', dataDir: folder });
    const { rows } = await reopened.pglite!.query<{ name: string }>('select name from kept');
    await reopened.close();
    expect(rows).toEqual([{ name: 'Kept' }]);
  });

  it('is filled again when a start stopped halfway through the copy (no PG_VERSION yet)', async () => {
    const folder = path.join(scratch, 'halfway');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'postgresql.conf'), '# cut off\n');
    expect(await fillFromInitialFolder(folder, initial)).toBe(true);
    expect(await migrationsIn(folder)).toEqual({ n: migrations, venues: 0 });
  });

  it('gives an in-memory database the same migrated, empty database as an archive', async () => {
    const archive = await readInitialArchive(initial);
    expect(archive).not.toBeNull();
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir: archive! });
    try {
      await database.migrate();
      const { rows } = await database.pglite!.query<{ n: number; venues: number }>(
        'select (select count(*)::int from drizzle.__drizzle_migrations) as n, (select count(*)::int from venues) as venues',
      );
      expect(rows[0]).toEqual({ n: migrations, venues: 0 });
    } finally {
      await database.close();
    }
  });

  it('is not used when another PGlite made it: the folder is left for initdb', async () => {
    const other = path.join(scratch, 'other-version');
    await cp(initial, other, { recursive: true });
    await cp(`${initial}.tar`, `${other}.tar`);
    expect(await readInitialArchive(other)).toBeNull();
    await writeFile(`${other}.json`, JSON.stringify({ pglite: '0.0.1', migrations }));
    const folder = path.join(scratch, 'fresh');
    await mkdir(folder, { recursive: true });
    expect(await fillFromInitialFolder(folder, other)).toBe(false);
    expect(await readdir(folder)).toEqual([]);
    expect(await fillFromInitialFolder(folder, path.join(scratch, 'missing'))).toBe(false);
    expect(await readInitialArchive(path.join(scratch, 'missing'))).toBeNull();
  });
});
