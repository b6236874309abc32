import { MAX_UPLOAD_BYTES } from '@fieldhouse/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';
import type { UploadedFile } from '../services/storage/upload-check.ts';

/**
 * Reads a multipart/form-data request: the text fields and the one file under `fileField`. The file is read to
 * its size limit (MAX_UPLOAD_BYTES + 1, see plugins/external/multipart.ts): a larger one is marked too large
 * rather than failing the request, so the service can refuse it with the field's message.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  // throwFileSizeLimit is read at run time but missing from the parts() option type.
  const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  for await (const part of request.parts(options)) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === fileField && !file) {
        file = {
          filename: part.filename,
          mimetype: part.mimetype,
          bytes,
          tooLarge: part.file.truncated || bytes.length > MAX_UPLOAD_BYTES,
        };
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
