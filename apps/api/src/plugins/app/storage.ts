import fp from 'fastify-plugin';
import type { FileStorage } from '../../services/storage/file-storage.ts';
import { LocalDiskStorage, MemoryStorage } from '../../services/storage/local-disk-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (documents, freeze proof, profile photos): STORAGE_DIR on disk by default. */
    storage: FileStorage;
  }
}

export type StoragePluginOptions = { storage?: FileStorage };

/**
 * Local disk under STORAGE_DIR (default DATA_DIR/files, outside the web root); in memory when the database is
 * in memory and no STORAGE_DIR is set. A cloud store plugs in here (implement FileStorage, pick it by env).
 */
export default fp<StoragePluginOptions>(
  async (app, opts) => {
    const dir = app.config.storageDir;
    app.decorate('storage', opts.storage ?? (dir ? new LocalDiskStorage(dir) : new MemoryStorage()));
  },
  { name: 'app-storage' },
);
