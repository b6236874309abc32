import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** Counts the bytes of a stream as they pass. */
async function* counted(body: Readable, counter: { size: number }) {
  for await (const chunk of body) {
    counter.size += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
}

/**
 * Files on local disk under one root directory; the content type is kept in a side file. A file is written to a
 * temporary name beside its place and renamed into it once complete, so a failed upload leaves nothing behind and a
 * reader never sees half a file.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string) {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  async put(key: string, body: Readable, contentType: string) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    const counter = { size: 0 };
    try {
      await pipeline(counted(body, counter), createWriteStream(partial, { flags: 'wx' }));
      await writeFile(`${file}.type`, contentType);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { size: counter.size };
  }

  async get(key: string) {
    const file = this.pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, 'utf8')]);
      return { body: createReadStream(file), contentType, size: info.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string) {
    const file = this.pathOf(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
  }
}

/** In memory (tests, and DATA_DIR=memory:// when no STORAGE_DIR is set); holds every file whole by its nature. */
export class MemoryStorage implements FileStorage {
  private readonly files = new Map<string, { bytes: Buffer; contentType: string }>();

  async put(key: string, body: Readable, contentType: string) {
    assertStorageKey(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    this.files.set(key, { bytes, contentType });
    return { size: bytes.length };
  }

  async get(key: string) {
    assertStorageKey(key);
    const file = this.files.get(key);
    return file
      ? { body: Readable.from([file.bytes]), contentType: file.contentType, size: file.bytes.length }
      : null;
  }

  async delete(key: string) {
    this.files.delete(key);
  }

  /** How many files are stored (tests check that refused uploads store nothing). */
  get size() {
    return this.files.size;
  }

  /** The stored bytes of every file (tests look inside what was stored). */
  bytesOf(key: string) {
    return this.files.get(key)?.bytes ?? null;
  }

  keys() {
    return [...this.files.keys()];
  }
}
