import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.ts';

describe('LocalDiskStorage', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, reads back and deletes a file with its content type', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fh-storage-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('documents/12/abc.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(await storage.get('documents/12/abc.pdf')).toEqual({
      bytes: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
    });
    await storage.delete('documents/12/abc.pdf');
    expect(await storage.get('documents/12/abc.pdf')).toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fh-storage-'));
    const storage = new LocalDiskStorage(root);
    await expect(storage.put('../outside.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/Invalid/);
  });
});
