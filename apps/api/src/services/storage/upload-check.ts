import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SniffedType } from './sniff.ts';

/** A file part of a multipart request, still streaming in. */
export type IncomingFile = { filename: string; mimetype: string; stream: Readable };

/** An upload once stored: its server-made key, real type, stored size and the name kept for display. */
export type StoredUpload = { key: string; mime: SniffedType['mime']; size: number; name: string };

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
 * Whether the name's extension and the declared type say the same as the content (a PDF renamed .png, or a program
 * renamed .pdf, does not). A generic declared type (application/octet-stream) is allowed.
 */
export function agreesWithContent(file: Pick<IncomingFile, 'filename' | 'mimetype'>, sniffed: SniffedType) {
  const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
  const byName = extension ? EXTENSION_TYPES[extension] : undefined;
  const declared = file.mimetype.toLowerCase().split(';')[0]!.trim();
  const byHeader = declared === 'application/octet-stream' ? sniffed.mime : MIME_ALIASES[declared];
  return byName === sniffed.mime && byHeader === sniffed.mime;
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
