import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3-server.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';

const read = async (storage: FileStorage, key: string) => {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), contentType: file.contentType, size: file.size };
};

/** A stream that gives `good` bytes and then fails, like an upload refused half-way. */
function failingAfter(good: Buffer, error: Error) {
  return Readable.from(
    (async function* () {
      yield good;
      throw error;
    })(),
  );
}

type Driver = { name: string; start: () => Promise<{ storage: FileStorage; close: () => Promise<void> }> };
const drivers: Driver[] = [
  {
    name: 'local disk',
    start: async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'fh-storage-'));
      return { storage: new LocalDiskStorage(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  { name: 'S3 (s3rver)', start: () => startS3Server() },
];

describe.each(drivers)('$name storage', ({ start }) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await start());
  });
  afterAll(() => close());

  it('stores a stream, reads it back as a stream with its content type and size, and deletes it', async () => {
    const bytes = Buffer.from('%PDF-1.4 hello');
    expect(await storage.put('documents/12/abc.pdf', Readable.from([bytes]), 'application/pdf')).toEqual({
      size: bytes.length,
    });
    const file = await storage.get('documents/12/abc.pdf');
    expect(file?.body).toBeInstanceOf(Readable);
    expect(await read(storage, 'documents/12/abc.pdf')).toEqual({
      bytes,
      contentType: 'application/pdf',
      size: bytes.length,
    });
    await storage.delete('documents/12/abc.pdf');
    expect(await storage.get('documents/12/abc.pdf')).toBeNull();
    await storage.delete('documents/12/abc.pdf');
  });

  it('streams a file of several multipart parts (12 MB) through unchanged', async () => {
    const part = Buffer.alloc(1024 * 1024);
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.from(part.fill(i + 1)));
    const { size } = await storage.put('big/1/file.pdf', Readable.from(chunks), 'application/pdf');
    expect(size).toBe(12 * 1024 * 1024);
    const back = await read(storage, 'big/1/file.pdf');
    expect(back!.bytes.equals(Buffer.concat(chunks))).toBe(true);
    await storage.delete('big/1/file.pdf');
  });

  it('leaves nothing behind when the stream fails half-way (small and multipart-sized)', async () => {
    for (const good of [Buffer.alloc(10, 1), Buffer.alloc(6 * 1024 * 1024, 2)]) {
      await expect(
        storage.put('refused/1/x.pdf', failingAfter(good, new Error('too large')), 'application/pdf'),
      ).rejects.toThrow('too large');
      expect(await storage.get('refused/1/x.pdf')).toBeNull();
    }
  });

  it('refuses keys that could leave the storage root', async () => {
    await expect(
      storage.put('../outside.txt', Readable.from([Buffer.from('x')]), 'text/plain'),
    ).rejects.toThrow(/Invalid/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid/);
  });
});

describe('local disk storage', () => {
  it('writes to a temporary name and renames, so a failed upload leaves no partial file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'fh-storage-'));
    const storage = new LocalDiskStorage(root);
    await expect(
      storage.put('a/b.png', failingAfter(Buffer.alloc(100), new Error('stop')), 'image/png'),
    ).rejects.toThrow('stop');
    expect(await readdir(path.join(root, 'a'))).toEqual([]);
    await storage.put('a/b.png', Readable.from([Buffer.from('ok')]), 'image/png');
    expect(await text((await storage.get('a/b.png'))!.body)).toBe('ok');
    await rm(root, { recursive: true, force: true });
  });
});
