/** Pure rules of the profile photo (account-shell §5 Photo crop, §9 camera width). */

/** JPEG quality of the cropped photo. */
export const PHOTO_QUALITY = 0.7;
/** The crop is sent at most this many pixels square (a phone photo's full resolution is never needed). */
export const MAX_OUTPUT_SIZE = 800;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',');
/** Phones: 575px wide or less. */
export const PHONE_QUERY = '(max-width: 575px)';

/** The camera preview's width: 330 on phones, 400 otherwise. */
export const videoWidthFor = (isPhone: boolean): number => (isPhone ? 330 : 400);

export const isAcceptedImage = (file: Pick<File, 'type'>): boolean =>
  (ACCEPTED_TYPES as readonly string[]).includes(file.type);

export type PixelArea = { x: number; y: number; width: number; height: number };

/**
 * Where to draw the crop: the source area (rounded, kept inside the image, square) and the output side, at most
 * MAX_OUTPUT_SIZE.
 */
export function cropPlan(
  area: PixelArea,
  image: { width: number; height: number },
): { source: PixelArea; size: number } {
  const side = Math.max(1, Math.round(Math.min(area.width, area.height, image.width, image.height)));
  const x = Math.min(Math.max(0, Math.round(area.x)), Math.max(0, image.width - side));
  const y = Math.min(Math.max(0, Math.round(area.y)), Math.max(0, image.height - side));
  return { source: { x, y, width: side, height: side }, size: Math.min(side, MAX_OUTPUT_SIZE) };
}

/** Initials for the placeholder: first letters of the first and last names. */
export const initialsOf = (firstName: string, lastName: string): string =>
  `${firstName.trim()[0] ?? ''}${lastName.trim()[0] ?? ''}`.toUpperCase();
