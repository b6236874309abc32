import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MAX_PHOTO_BYTES,
  MAX_UPLOAD_BYTES,
  MEMBERSHIP_MANAGEMENT_TEXTS,
  PROFILE_TEXTS,
} from '@fieldhouse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/http-errors.ts';
import type { FileStorage } from './file-storage.ts';
import { SNIFF_BYTES, type SniffedType, sniffFileType } from './sniff.ts';
import {
  agreesWithContent,
  displayName,
  type IncomingFile,
  type StoredUpload,
  uploadKey,
} from './upload-check.ts';
import { assertUploadQuota, type UploadQuota } from './upload-quota.ts';

/** The stream passed its byte limit (the upload is refused with the field's size message). */
class TooLarge extends Error {}

/** At least the first `size` bytes of a stream (fewer if it is shorter), and the iterator that reads the rest. */
async function peek(
  stream: Readable,
  size: number,
): Promise<{ head: Buffer; chunks: AsyncIterator<Buffer> }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const parts: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), chunks: iterator };
}

/** The head then the rest of the stream, failing with TooLarge as soon as more than `max` bytes have passed. */
function limited(head: Buffer, rest: AsyncIterator<Buffer>, max: number): Readable {
  async function* bytes() {
    let total = head.length;
    if (total > max) throw new TooLarge();
    if (head.length) yield head;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      total += next.value.length;
      if (total > max) throw new TooLarge();
      yield next.value;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Reads what is left of a refused file in the background (discarding it) so the rest of the request is read. */
function drain(rest: AsyncIterator<Buffer>) {
  const next = (): Promise<void> => rest.next().then((r) => (r.done ? undefined : next()));
  next().catch(() => undefined);
}

/**
 * Stores a document or freeze proof as it streams in: its first bytes are typed (JPEG, PNG or PDF by magic number,
 * agreeing with the name and declared type, else 422 'Please choose a JPEG, PNG or PDF file.'), then the bytes are
 * piped into storage and counted; past MAX_UPLOAD_BYTES the upload is stopped, anything stored removed and 422
 * 'File size exceeds 20mb.' given. Errors are keyed by `field`.
 */
export async function storeUpload(
  storage: FileStorage,
  file: IncomingFile,
  target: { area: 'eligibility' | 'freeze'; customerId: number; field: string },
): Promise<StoredUpload> {
  const { head, chunks } = await peek(file.stream, SNIFF_BYTES);
  const type = await sniffFileType(head);
  if (!type || !agreesWithContent(file, type)) {
    drain(chunks);
    throw fieldError(target.field, MEMBERSHIP_MANAGEMENT_TEXTS.fileType);
  }
  const key = uploadKey(target.area, target.customerId, type);
  try {
    const { size } = await storage.put(key, limited(head, chunks, MAX_UPLOAD_BYTES), type.mime);
    return { key, mime: type.mime, size, name: displayName(file.filename) };
  } catch (err) {
    drain(chunks);
    await storage.delete(key).catch(() => undefined);
    if (err instanceof TooLarge) throw fieldError(target.field, MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge);
    throw err;
  }
}

/** Largest photo we decode (pixels): refuses decompression bombs before they take memory. */
const PHOTO_PIXEL_LIMIT = 40_000_000;
/** Longest side of a stored photo. */
const PHOTO_MAX_SIDE = 2048;

/**
 * Stores a profile photo re-encoded: JPEG or PNG by its first bytes (else 'Please choose a JPEG or PNG image.'), at
 * most MAX_PHOTO_BYTES ('Images must be 5 MB or smaller.'), streamed into sharp, which turns it upright by its EXIF
 * orientation, fits it within 2048 px and writes it again in the same format without any metadata (no EXIF, GPS,
 * XMP or ICC comments survive). A file sharp cannot decode is refused as not an image.
 */
export async function storePhoto(
  storage: FileStorage,
  file: IncomingFile,
  target: { customerId: number },
): Promise<StoredUpload> {
  const { head, chunks } = await peek(file.stream, SNIFF_BYTES);
  const type: SniffedType | null = await sniffFileType(head);
  if (!type || type.mime === 'application/pdf') {
    drain(chunks);
    throw fieldError('photo', PROFILE_TEXTS.photoType);
  }
  const key = `profile-photos/${target.customerId}/${randomBytes(16).toString('hex')}.${type.extension}`;
  let decodeError: Error | null = null;
  // Loaded on the first photo, not at start-up (sharp costs start-up time and memory).
  const { default: sharp } = await import('sharp');
  const encoder = sharp({ limitInputPixels: PHOTO_PIXEL_LIMIT, failOn: 'error' })
    .autoOrient()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (type.mime === 'image/jpeg') encoder.jpeg({ quality: 85 });
  else encoder.png({ compressionLevel: 9 });
  encoder.on('error', (err: Error) => {
    decodeError ??= err;
  });
  const input = limited(head, chunks, MAX_PHOTO_BYTES);
  // Both sides settle before anything is answered: when sharp fails first, the store is still removing its partial
  // file, and a refusal must leave nothing behind when it is sent.
  const [encoded, put] = await Promise.allSettled([
    pipeline(input, encoder),
    storage.put(key, encoder, type.mime),
  ]);
  if (encoded.status === 'fulfilled' && put.status === 'fulfilled')
    return { key, mime: type.mime, size: put.value.size, name: displayName(file.filename) };
  const err = encoded.status === 'rejected' ? encoded.reason : (put as PromiseRejectedResult).reason;
  drain(chunks);
  await storage.delete(key).catch(() => undefined);
  if (err instanceof TooLarge) throw fieldError('photo', PROFILE_TEXTS.photoTooLarge);
  // sharp itself failed (not an image it can decode, or over the pixel limit): refused as not an image.
  if (decodeError) throw fieldError('photo', PROFILE_TEXTS.photoType);
  throw err;
}

export type UploadDeps = { db: Db; storage: FileStorage; log: FastifyBaseLogger; quota: UploadQuota };

/**
 * Receives a document or freeze proof as its part streams in: an account already at its upload quota is refused
 * before anything is stored, then the file is typed and stored (storeUpload). The caller records it (or removes it).
 */
export async function receiveUpload(
  deps: UploadDeps,
  input: { customerId: number; area: 'eligibility' | 'freeze'; field: string; file: IncomingFile },
): Promise<StoredUpload> {
  const { customerId, field } = input;
  await assertUploadQuota(deps.db, { customerId, quota: deps.quota, bytes: 0, field });
  return storeUpload(deps.storage, input.file, { area: input.area, customerId, field });
}
