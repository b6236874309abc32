import { fileTypeFromBuffer } from 'file-type';

/** The file types uploads may be, recognised by their magic numbers (file-type), never by name or header. */
export type SniffedType = {
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  extension: 'jpg' | 'png' | 'pdf';
};

/** How many leading bytes are enough to type a file (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

const KNOWN: Record<string, SniffedType> = {
  'image/jpeg': { mime: 'image/jpeg', extension: 'jpg' },
  'image/png': { mime: 'image/png', extension: 'png' },
  'application/pdf': { mime: 'application/pdf', extension: 'pdf' },
};

/**
 * Types a file by its first bytes with file-type (each format's magic number at its own offset: a '%PDF-' after
 * other content is not a PDF). Null for anything that is not JPEG, PNG or PDF.
 */
export async function sniffFileType(head: Uint8Array): Promise<SniffedType | null> {
  if (head.length === 0) return null;
  const detected = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
  return (detected && KNOWN[detected.mime]) ?? null;
}
