import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from '../src/services/storage/s3-storage.ts';

/**
 * A local S3-compatible server (s3rver) on a random port over a temporary directory, with one bucket, and an
 * S3Storage talking to it exactly as production would talk to a bucket (path-style, static credentials).
 */
export async function startS3Server(bucket = 'fieldhouse-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 'fh-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: 'uploads/',
  };
  const storage = new S3Storage(options);
  return {
    options,
    storage,
    directory,
    async close() {
      storage.client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
