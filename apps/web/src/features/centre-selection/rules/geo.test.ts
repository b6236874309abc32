import { describe, expect, it } from 'vitest';
import { formatMiles, hasValidCoordinates, suggestTerm } from './geo';

describe('formatMiles', () => {
  it('formats to one decimal', () => {
    expect(formatMiles(1.449)).toBe('1.4 miles');
    expect(formatMiles(0)).toBe('0.0 miles');
  });
});

describe('hasValidCoordinates', () => {
  it('needs finite coordinates and a latitude within -90..90', () => {
    expect(hasValidCoordinates({ lat: 53, lng: -2 })).toBe(true);
    expect(hasValidCoordinates({ lat: 90, lng: 180 })).toBe(true);
    expect(hasValidCoordinates({ lat: 91, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: -90.1, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(hasValidCoordinates({ lat: 0, lng: Number.POSITIVE_INFINITY })).toBe(false);
  });
});

describe('suggestTerm', () => {
  it('asks for suggestions only after more than 2 characters, trimmed', () => {
    expect(suggestTerm('le')).toBeNull();
    expect(suggestTerm('  le  ')).toBeNull();
    expect(suggestTerm(' lee ')).toBe('lee');
  });
});
