import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** Files on local disk under one root directory; the content type is kept in a side file. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer, contentType: string) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await writeFile(`${file}.type`, contentType);
  }

  async get(key: string) {
    const file = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      return { bytes, contentType };
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

/** In memory (tests, and DATA_DIR=memory:// when no STORAGE_DIR is set). */
export class MemoryStorage implements FileStorage {
  private readonly files = new Map<string, { bytes: Buffer; contentType: string }>();

  async put(key: string, bytes: Buffer, contentType: string) {
    assertStorageKey(key);
    this.files.set(key, { bytes: Buffer.from(bytes), contentType });
  }

  async get(key: string) {
    assertStorageKey(key);
    return this.files.get(key) ?? null;
  }

  async delete(key: string) {
    this.files.delete(key);
  }

  /** How many files are stored (tests check that refused uploads store nothing). */
  get size() {
    return this.files.size;
  }
}
