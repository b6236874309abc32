/** Texts of the profile photo that the contract does not hold (its own are PROFILE_TEXTS in the contract). */
export const PHOTO_TEXTS = {
  /** The browser could not open a camera. */
  cameraFailed:
    'We could not use your camera. Please allow camera access, or choose a photo from your library.',
} as const;
