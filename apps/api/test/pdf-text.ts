import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text a PDF shows, as a reader would copy it: pdf.js (through unpdf) maps the embedded fonts' glyphs back to
 * characters with their ToUnicode tables. Pages are joined with new lines.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
