import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/** S3_* from the configuration (config.ts). */
export type S3StorageOptions = S3Config;

/** Multipart part size (S3's minimum): memory per upload in flight is about one part. */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket through the AWS SDK v3. Uploads are streamed with lib-storage's `Upload`
 * (multipart, one part buffered at a time); a stream that fails aborts the upload so no object is left. Objects are
 * private: they are read back through our API (the body streamed to the owner), never by a bucket URL.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  private readonly options: S3StorageOptions;

  constructor(options: S3StorageOptions, client?: S3Client) {
    this.options = options;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint
        ? {
            endpoint: options.endpoint,
            // S3-compatible services do not all take the SDK's default trailing checksums (aws-chunked bodies).
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    };
    this.client = client ?? new S3Client(config);
  }

  private keyOf(key: string) {
    assertStorageKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, body: Readable, contentType: string) {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.keyOf(key), Body: counter, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      // A failing source (e.g. an upload refused as too large half-way) fails the pipeline and the upload.
      await Promise.all([pipeline(body, counter), upload.done()]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw err;
    }
    return { size };
  }

  async get(key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return {
        body: object.Body,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? null,
      };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }
}
