import { describe, expect, it } from 'vitest';
import { cropPlan, initialsOf, isAcceptedImage, MAX_OUTPUT_SIZE, videoWidthFor } from './photo-rules';

describe('photo rules', () => {
  it('uses a 330px camera on phones and 400px otherwise', () => {
    expect(videoWidthFor(true)).toBe(330);
    expect(videoWidthFor(false)).toBe(400);
  });

  it('accepts JPEG and PNG only', () => {
    expect(isAcceptedImage({ type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/png' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/gif' })).toBe(false);
    expect(isAcceptedImage({ type: '' })).toBe(false);
  });

  it('keeps the crop square and inside the image, and caps the output size', () => {
    expect(cropPlan({ x: 10.4, y: 20.6, width: 300.2, height: 300.2 }, { width: 640, height: 480 })).toEqual({
      source: { x: 10, y: 21, width: 300, height: 300 },
      size: 300,
    });
    expect(cropPlan({ x: 900, y: -5, width: 3000, height: 2990 }, { width: 4000, height: 3000 })).toEqual({
      source: { x: 900, y: 0, width: 2990, height: 2990 },
      size: MAX_OUTPUT_SIZE,
    });
    expect(cropPlan({ x: 500, y: 0, width: 200, height: 200 }, { width: 600, height: 200 }).source.x).toBe(
      400,
    );
  });

  it('makes initials from the names', () => {
    expect(initialsOf('dana', 'Fox')).toBe('DF');
    expect(initialsOf('Eli', '')).toBe('E');
  });
});
