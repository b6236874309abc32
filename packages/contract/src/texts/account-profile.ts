// The account's packages, photo and waiver texts, and the photo size limit, without zod: the web app imports this
// module at run time, so no chunk gains zod for a text. ../account-profile.ts re-exports them with its schemas,
// which take them from here: one source for the web, the server and the schemas (decision 008). Keep value imports
// out of this file.

export const PROFILE_TEXTS = {
  packagesFailed: 'Failed to load your packages, please try again.',
  noPackages: 'You have no packages.',
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
  reviewWaivers: 'Review your waivers',
  noWaivers: 'Your waivers will appear here',
  waiverNotFound: 'Could not find this waiver.',
  waiverExpired: 'This waiver has expired',
  waiverSignedOn: (date: string) => `You signed this waiver on: ${date}`,
  waiverLatest: "You are viewing the latest version of this waiver. Press 'I agree' to sign.",
  waiverSigned: 'Thank you, you have signed this waiver.',
  accountUpdated: 'Your account details have been updated',
  passwordUpdated: 'Your password has been updated',
} as const;

/** Profile photos: JPEG or PNG by content, at most 5,000,000 bytes (the client sends a 0.7-quality JPEG crop). */
export const MAX_PHOTO_BYTES = 5_000_000;
