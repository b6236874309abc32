import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, good enough for assertions: inflates the content streams and decodes the
 * strings of their TJ/Tj operators (pdfkit writes standard-font text as hex strings in the WinAnsi encoding,
 * which matches Latin-1 for the characters we print). One line per text operation.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]!.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue; // not a content stream we can read (e.g. a font program)
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
