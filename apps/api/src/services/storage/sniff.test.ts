import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

const image = (format: 'jpeg' | 'png') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .toFormat(format)
    .toBuffer();

describe('sniffFileType', () => {
  it('recognises JPEG, PNG and PDF by their magic numbers', async () => {
    expect((await sniffFileType(await image('jpeg')))?.mime).toBe('image/jpeg');
    expect((await sniffFileType(await image('png')))?.mime).toBe('image/png');
    expect(await sniffFileType(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'))).toEqual({
      mime: 'application/pdf',
      extension: 'pdf',
    });
  });

  it('refuses anything else, whatever it is called', async () => {
    expect(await sniffFileType(Buffer.from('MZ\x90\x00 executable'))).toBeNull();
    expect(await sniffFileType(Buffer.from('\x7fELF'))).toBeNull();
    expect(
      await sniffFileType(
        await sharp(await image('png'))
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(await sniffFileType(Buffer.alloc(0))).toBeNull();
  });

  it("refuses a file with '%PDF-' somewhere after its start (only the magic number at offset 0 counts)", async () => {
    const html = Buffer.from(`<html><script>alert(1)</script>${' '.repeat(400)}%PDF-1.4</html>`);
    expect(await sniffFileType(html)).toBeNull();
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00', 'latin1'),
      Buffer.alloc(300),
      Buffer.from('%PDF-1.7'),
    ]);
    expect(await sniffFileType(program)).toBeNull();
  });
});
