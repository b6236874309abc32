import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';
import type { IncomingFile, StoredUpload } from '../services/storage/upload-check.ts';

type UploadHandling<R> = {
  /** The one file part that counts. */
  fileField: string;
  /** Stores the file as it streams in (called when its part arrives; it must read the stream to its end or fail). */
  store: (file: IncomingFile) => Promise<StoredUpload>;
  /** Removes a stored file again. */
  discard: (file: StoredUpload) => Promise<void>;
  /** Uses the text fields and the stored file (null when none was sent); a failure here removes the file again. */
  use: (fields: Record<string, string>, file: StoredUpload | null) => Promise<R>;
};

/**
 * Reads a multipart/form-data request without holding the file in memory: the file part under `fileField` is
 * streamed into storage as it arrives (fields may come before or after it), other files are skipped. Then `use`
 * checks the fields and records the file; if that, or reading the rest of the request, fails, the stored file is
 * removed, so a refused upload leaves nothing behind. The part's size limit (plugins/external/multipart.ts) stops
 * the stream one byte past MAX_UPLOAD_BYTES; the store counts the bytes and refuses with the field's message.
 */
export async function handleUpload<R>(request: FastifyRequest, handling: UploadHandling<R>): Promise<R> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  try {
    // throwFileSizeLimit is read at run time but missing from the parts() option type.
    const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        if (part.fieldname === handling.fileField && !stored) {
          stored = await handling.store({
            filename: part.filename,
            mimetype: part.mimetype,
            stream: part.file,
          });
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    return await handling.use(fields, stored);
  } catch (error) {
    if (stored)
      await handling.discard(stored).catch((err) => request.log.warn({ err }, 'Could not remove an upload'));
    throw error;
  }
}
