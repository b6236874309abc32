import { cropPlan, PHOTO_QUALITY, type PixelArea } from '../rules/photo-rules';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

/** Draws the square crop of `src` on a canvas and returns it as a JPEG at quality 0.7. */
export async function cropToJpeg(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const { source, size } = cropPlan(area, { width: image.naturalWidth, height: image.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped.');
  // JPEG has no transparency: a PNG's clear pixels become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))),
      'image/jpeg',
      PHOTO_QUALITY,
    ),
  );
}
