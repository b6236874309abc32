import { describe, expect, it } from 'vitest';
import { themeFontFaces } from './boot.ts';

describe('the font files a theme needs', () => {
  it('loads the text font in both weights and the heading font in bold only', () => {
    expect(themeFontFaces('lato', 'garage_gothic')).toEqual([
      { style: 'lato', weight: '400' },
      { style: 'lato', weight: '700' },
      { style: 'garage_gothic', weight: '700' },
    ]);
  });

  it('loads one font once when text and headings share it', () => {
    expect(themeFontFaces('roboto', 'roboto')).toEqual([
      { style: 'roboto', weight: '400' },
      { style: 'roboto', weight: '700' },
    ]);
  });
});
