import fp from 'fastify-plugin';
import type { FileStorage } from '../../services/storage/file-storage.ts';
import { LocalDiskStorage, MemoryStorage } from '../../services/storage/local-disk-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (documents, freeze proof, profile photos): STORAGE_DIR on disk, or an S3 bucket. */
    storage: FileStorage;
  }
}

export type StoragePluginOptions = { storage?: FileStorage };

/**
 * An S3-compatible bucket when configured (STORAGE_DRIVER=s3 or S3_BUCKET: every process shares it); else local disk
 * under STORAGE_DIR (default DATA_DIR/files, outside the web root, one machine only); in memory when the database is
 * in memory and no STORAGE_DIR is set.
 */
export default fp<StoragePluginOptions>(
  async (app, opts) => {
    const { s3, storageDir } = app.config;
    let storage = opts.storage;
    if (!storage && s3) {
      // The AWS SDK is loaded only when a bucket is configured (it costs start-up time and memory).
      const { S3Storage } = await import('../../services/storage/s3-storage.ts');
      const bucket = new S3Storage(s3);
      app.addHook('onClose', () => bucket.client.destroy());
      storage = bucket;
    }
    storage ??= storageDir ? new LocalDiskStorage(storageDir) : new MemoryStorage();
    app.decorate('storage', storage);
  },
  { name: 'app-storage' },
);
