import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'fieldhouse.lock';

/** Another live process holds the folder: the server refuses to start (PGlite has one writer). */
export class FolderLockedError extends Error {
  readonly folder: string;
  readonly ownerPid: number;

  constructor(folder: string, ownerPid: number) {
    super(
      `The data folder ${folder} is in use by another Fieldhouse process (pid ${ownerPid}); ` +
        `stop it first, or give this one another DATA_DIR.`,
    );
    this.name = 'FolderLockedError';
    this.folder = folder;
    this.ownerPid = ownerPid;
  }
}

type LockContent = { pid: number; token: string; hostname: string; since: string };

export type FolderLock = { file: string; release: () => Promise<void> };

/** Locks held by this process, by token: a lock file naming our own pid but an unknown token is a previous life's. */
const heldTokens = new Set<string>();

/** Whether a process with this pid runs on this machine (EPERM: it does, as another user). */
export const isProcessAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const parse = (text: string): LockContent | null => {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? (value as LockContent) : null;
  } catch {
    return null;
  }
};

/** A lock file naming a live process that is not a stale copy of ourselves (same pid after a container restart). */
const isHeld = (owner: LockContent) =>
  owner.pid === process.pid ? heldTokens.has(owner.token) : isProcessAlive(owner.pid);

/**
 * Takes the exclusive lock on a PGlite data folder: `fieldhouse.lock` created atomically (O_EXCL) with our pid.
 * A lock whose process is gone (crash, SIGKILL) is taken over. Throws FolderLockedError while another live
 * process holds it. The lock is released on `release()`, and on process exit as a last resort.
 */
export async function lockFolder(folder: string): Promise<FolderLock> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE_NAME);
  const content: LockContent = {
    pid: process.pid,
    token: `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    hostname: os.hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(JSON.stringify(content));
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw err;
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) continue; // released meanwhile
      const owner = parse(text);
      // A half-written file is a process in the middle of taking the lock: give it a moment.
      if (!owner) {
        if (attempt < 4) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
      } else if (isHeld(owner)) {
        throw new FolderLockedError(folder, owner.pid);
      }
      // Stale: remove it only if it is still the file we judged (another starter may have taken over already).
      if ((await readFile(file, 'utf8').catch(() => null)) === text) await unlink(file).catch(() => {});
    }
  }
  heldTokens.add(content.token);
  const onExit = () => {
    // Last resort when the process exits without closing the database (a crash after start-up).
    try {
      if (parse(readFileSync(file, 'utf8'))?.token === content.token) unlinkSync(file);
    } catch {}
  };
  process.once('exit', onExit);
  let released = false;
  return {
    file,
    release: async () => {
      if (released) return;
      released = true;
      process.removeListener('exit', onExit);
      heldTokens.delete(content.token);
      const current = parse((await readFile(file, 'utf8').catch(() => '')) ?? '');
      if (current?.token === content.token) await unlink(file).catch(() => {});
    },
  };
}
