/**
 * The profile photo texts, copied from the contract's PROFILE_TEXTS so the dashboard does not load zod for a
 * text (decision 008); `texts.test.ts` keeps them in step.
 */
export const PHOTO_TEXTS = {
  photoReminder: 'Add a profile photo to your account!',
  deletePhotoConfirm: 'Are you sure you want to delete your profile photo?',
  takePhoto: 'Take new photo',
  chooseFromLibrary: 'Choose from library',
  deletePhoto: 'Delete photo',
  cropAndSave: 'Crop and save',
  retake: 'Re-take photo',
  photoSaved: 'Your profile photo has been updated',
  photoDeleted: 'Your profile photo has been deleted',
  photoType: 'Please choose a JPEG or PNG image.',
  photoTooLarge: 'Images must be 5 MB or smaller.',
  /** Not in the contract: the browser could not open a camera. */
  cameraFailed:
    'We could not use your camera. Please allow camera access, or choose a photo from your library.',
} as const;
