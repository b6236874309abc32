import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

describe('sniffFileType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.mime).toBe('image/jpeg');
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.mime).toBe(
      'image/png',
    );
    expect(sniffFileType(Buffer.from('%PDF-1.7\n...'))?.mime).toBe('application/pdf');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffFileType(Buffer.from('MZ\x90\x00 executable'))).toBeNull();
    expect(sniffFileType(Buffer.from('\x7fELF'))).toBeNull();
    expect(sniffFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});
