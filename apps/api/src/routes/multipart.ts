import type { UploadSchemas } from '@fieldhouse/contract/call';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, invalidFields } from '../lib/http-errors.ts';
import type { IncomingFile, StoredUpload } from '../services/storage/upload-check.ts';

type Fields<U extends UploadSchemas> = U['fields'] extends z.ZodType
  ? z.output<U['fields']>
  : Record<string, never>;

type UploadHandling<U extends UploadSchemas, R> = {
  /** Stores the file as it streams in (called when its part arrives; it must read the stream to its end or fail). */
  store: (file: IncomingFile) => Promise<StoredUpload>;
  /** Removes a stored file again. */
  discard: (file: StoredUpload) => Promise<void>;
  /**
   * Uses the text fields, checked by the upload's schema, and the stored file (null when none was sent); a failure
   * here removes the file again.
   */
  use: (fields: Fields<U>, file: StoredUpload | null) => Promise<R>;
};

/** The text fields by the upload's schema; a field that fails is a 422 with the field's message. */
function parseFields<U extends UploadSchemas>(upload: U, fields: Record<string, string>): Fields<U> {
  if (!upload.fields) return {} as Fields<U>;
  const parsed = upload.fields.safeParse(fields);
  if (parsed.success) return parsed.data as Fields<U>;
  throw invalidFields(
    parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      // A text field that was not sent at all.
      message: issue.code === 'invalid_type' ? 'This field is required.' : issue.message,
    })),
  );
}

/**
 * Reads a declared upload (`declaredUpload(route)`, decision 043) without holding the file in memory: the file part
 * the upload names is streamed into storage as it arrives (fields may come before or after it), other files are
 * skipped. Then the fields are checked by the upload's schema and `use` records the file; if that, or reading the rest of the request, fails, the stored file is
 * removed, so a refused upload leaves nothing behind. The part's size limit (plugins/external/multipart.ts) stops
 * the stream one byte past MAX_UPLOAD_BYTES; the store counts the bytes and refuses with the field's message.
 */
export async function handleUpload<U extends UploadSchemas, R>(
  request: FastifyRequest,
  upload: U,
  handling: UploadHandling<U, R>,
): Promise<R> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let stored: StoredUpload | null = null;
  try {
    // throwFileSizeLimit is read at run time but missing from the parts() option type.
    const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        if (part.fieldname === upload.file && !stored) {
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
    return await handling.use(parseFields(upload, fields), stored);
  } catch (error) {
    if (stored)
      await handling.discard(stored).catch((err) => request.log.warn({ err }, 'Could not remove an upload'));
    throw error;
  }
}
