import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { FolderLockedError, LOCK_FILE_NAME } from '../src/db/folder-lock.ts';

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fh-lock-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

// PGlite's folder lock; the PostgreSQL run would repeat exactly the same test.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite data folder lock', () => {
  it('refuses a second open of the same folder while the first is open, naming folder and pid', async () => {
    const folder = tempFolder();
    const first = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      const second = openDatabase({ kind: 'pglite', dataDir: folder });
      await expect(second).rejects.toBeInstanceOf(FolderLockedError);
      await expect(second).rejects.toThrow(
        `The data folder ${folder} is in use by another Fieldhouse process (pid ${process.pid})`,
      );
      // The first keeps working and its lock file still names it.
      await first.ping();
      expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir: folder });
    await again.ping();
    await again.close();
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    const folder = tempFolder();
    const pid = deadPid();
    writeFileSync(
      path.join(folder, LOCK_FILE_NAME),
      JSON.stringify({ pid, token: 'old', hostname: 'x', since: '' }),
    );
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    await database.close();
  });

  it('takes over a lock naming our own pid from a previous life (a container restarted as pid 1)', async () => {
    const folder = tempFolder();
    const stale = { pid: process.pid, token: 'previous-life', hostname: 'x', since: '' };
    writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify(stale));
    const database = await openDatabase({ kind: 'pglite', dataDir: folder });
    expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8')).token).not.toBe(
      'previous-life',
    );
    await database.close();
  });

  it('needs no lock in memory', async () => {
    const a = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    const b = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await Promise.all([a.ping(), b.ping()]);
    await Promise.all([a.close(), b.close()]);
  });
});
