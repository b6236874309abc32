import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES, MEMBERSHIP_MANAGEMENT_TEXTS } from '@fieldhouse/contract';
import { fieldError } from '../../lib/http-errors.ts';
import { type SniffedType, sniffFileType } from './sniff.ts';

/** A file as it arrived in a multipart request. */
export type UploadedFile = { filename: string; mimetype: string; bytes: Buffer; tooLarge: boolean };

const EXTENSION_TYPES: Record<string, SniffedType['mime']> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};
/** Declared types a browser may send for the same content. */
const MIME_ALIASES: Record<string, SniffedType['mime']> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'application/pdf': 'application/pdf',
};

/**
 * Checks an upload (documents, freeze proof): at most MAX_UPLOAD_BYTES ('File size exceeds 20mb.'), and JPEG,
 * PNG or PDF by its first bytes, with a name extension and declared type that say the same thing (a PDF renamed
 * .png, or a program renamed .pdf, is refused). A generic declared type (application/octet-stream) is allowed.
 * Errors are keyed by `field`. Returns the type the content really is.
 */
export function checkUpload(file: UploadedFile, field: string): SniffedType {
  if (file.tooLarge || file.bytes.length > MAX_UPLOAD_BYTES)
    throw fieldError(field, MEMBERSHIP_MANAGEMENT_TEXTS.fileTooLarge);
  const sniffed = file.bytes.length ? sniffFileType(file.bytes) : null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  const byName = extension ? EXTENSION_TYPES[extension] : undefined;
  const declared = file.mimetype.toLowerCase().split(';')[0]!.trim();
  const byHeader = declared === 'application/octet-stream' ? sniffed?.mime : MIME_ALIASES[declared];
  if (!sniffed || byName !== sniffed.mime || byHeader !== sniffed.mime)
    throw fieldError(field, MEMBERSHIP_MANAGEMENT_TEXTS.fileType);
  return sniffed;
}

/** A server-made storage key: `{area}/{customerId}/{random}.{ext}` (never derived from the file's name). */
export const uploadKey = (area: string, customerId: number, type: SniffedType) =>
  `${area}/${customerId}/${randomUUID()}.${type.extension}`;

/** The original name kept for display: the last path segment, control characters and quotes removed. */
export const displayName = (filename: string) =>
  [...(filename.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .slice(0, 200) || 'document';
