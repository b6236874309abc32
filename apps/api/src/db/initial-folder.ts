import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiPath } from '../paths.ts';
import { LOCK_FILE_NAME } from './folder-lock.ts';

/**
 * A new PGlite data folder starts as a copy of a migrated, empty one made at build time (decision 050), instead of
 * PostgreSQL's initdb, which set the server's memory peak on a first start (about 630 MB against 240 MB when
 * reopening a folder). The copy is `apps/api/dist/pglite-initial/`; `pglite-initial.json` beside it names the PGlite
 * version that wrote it, and a copy from another version is never used. An in-memory database (`DATA_DIR=memory://`:
 * the browser tests' and the phone-load stage's servers) starts from the same database as a tar archive,
 * `pglite-initial.tar`, which PGlite loads into memory (decision 053).
 */
export const INITIAL_FOLDER = apiPath('dist/pglite-initial');
/** What the initial folder was made with, in a file beside it. */
const infoFile = (initial: string) => `${initial}.json`;
/** The same database as PGlite's data-folder archive (`dumpDataDir`), for in-memory databases. */
const archiveFile = (initial: string) => `${initial}.tar`;

/** What PostgreSQL writes first in a data folder; a folder without it holds no database. */
const VERSION_FILE = 'PG_VERSION';

type InitialFolderInfo = { pglite: string; migrations: number };

/** The installed PGlite's version (its package.json, found from where Node resolves the package). */
export function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the installed PGlite’s package.json');
    dir = parent;
  }
}

/** Whether the initial folder and archive were written by the installed PGlite (none from another version is used). */
async function madeByInstalledPglite(initial: string): Promise<boolean> {
  let info: InitialFolderInfo;
  try {
    info = JSON.parse(await readFile(infoFile(initial), 'utf8')) as InitialFolderInfo;
  } catch {
    return false;
  }
  return info.pglite === installedPgliteVersion();
}

/**
 * Fills `folder` (already created and locked by this process) from the initial folder when it holds no database
 * yet and the initial folder was written by the installed PGlite. Returns whether it did; when it did not, PGlite
 * runs initdb as before. Every file but PG_VERSION is copied first and PG_VERSION last, so a process stopped halfway
 * leaves a folder without it, which the next start fills again.
 */
export async function fillFromInitialFolder(folder: string, initial = INITIAL_FOLDER): Promise<boolean> {
  if (existsSync(path.join(folder, VERSION_FILE))) return false;
  if (!existsSync(path.join(initial, VERSION_FILE)) || !(await madeByInstalledPglite(initial))) return false;
  for (const entry of await readdir(initial)) {
    if (entry === VERSION_FILE || entry === LOCK_FILE_NAME) continue;
    await cp(path.join(initial, entry), path.join(folder, entry), { recursive: true, force: true });
  }
  await cp(path.join(initial, VERSION_FILE), path.join(folder, VERSION_FILE));
  return true;
}

/**
 * The initial database as an archive for `PGlite.create({ loadDataDir })`, when the installed PGlite made it; null
 * otherwise (PGlite then runs initdb in memory as before).
 */
export async function readInitialArchive(initial = INITIAL_FOLDER): Promise<Blob | null> {
  if (!existsSync(archiveFile(initial)) || !(await madeByInstalledPglite(initial))) return null;
  // Backed by the file: PGlite reads it once, instead of a read into a buffer and a copy of it into a Blob.
  return openAsBlob(archiveFile(initial));
}

/**
 * Build time (`npm run build -w apps/api`): makes the initial folder with `open`, which opens PGlite on a folder,
 * runs the migrations, installs the job engine's tables, dumps the database as an archive (`dumpDataDir('none')`)
 * and closes it. Written beside and renamed into place, and the version file last, so a failed build leaves no
 * half-made folder or archive in use.
 */
export async function writeInitialFolder(
  open: (folder: string) => Promise<{ migrations: number; archive: Blob }>,
  initial = INITIAL_FOLDER,
) {
  await rm(infoFile(initial), { force: true });
  const building = `${initial}.building`;
  await rm(building, { recursive: true, force: true });
  const { migrations, archive } = await open(building);
  await rm(path.join(building, LOCK_FILE_NAME), { force: true });
  await rm(path.join(building, 'postmaster.pid'), { force: true });
  await rm(initial, { recursive: true, force: true });
  await rename(building, initial);
  await writeFile(`${archiveFile(initial)}.building`, Buffer.from(await archive.arrayBuffer()));
  await rename(`${archiveFile(initial)}.building`, archiveFile(initial));
  const info: InitialFolderInfo = { pglite: installedPgliteVersion(), migrations };
  await writeFile(infoFile(initial), `${JSON.stringify(info)}\n`);
}
