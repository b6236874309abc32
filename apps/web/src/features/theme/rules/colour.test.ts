import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './colour';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });

  it('keeps a readable preferred colour and replaces an unreadable one', () => {
    expect(readableOn('#0b2a4a', '#ffffff')).toBe('#ffffff');
    expect(readableOn('#ffffff', '#ffff00')).toBe('#000000');
    expect(readableOn('#ffcc00')).toBe('#000000');
  });
});
