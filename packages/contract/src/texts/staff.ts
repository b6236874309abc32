/** Texts of the staff console (the spec names no staff side; these follow its tone). */
export const STAFF_TEXTS = {
  emailRequired: 'Please enter your email address',
  emailFormat: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordRule:
    'Staff passwords have at least 12 characters, with a lower case letter, an upper case letter, a number and a symbol',
  nameRequired: 'Please enter a name',
  codeFormat: 'Please enter the six-digit code from your authenticator app',
  codeRequired: 'Enter the six-digit code from your authenticator app',
  invalidCredentials: 'The email address or password is incorrect',
  invalidCode: 'That code is not right. Codes change every 30 seconds',
  sessionExpired: 'Your staff session has ended. Please log in again',
  forbidden: 'Your staff role does not allow this',
  reasonRequired: 'Please give a reason for the rejection',
  alreadyDecided: 'This request has already been decided',
  notFound: 'Not found',
  currentPasswordWrong: 'Your current password is not right',
  passwordsDiffer: 'The two new passwords are not the same',
  passwordUnchanged: 'Choose a new password, not your current one',
  cannotDisableSelf: 'You cannot disable your own account',
  passwordChanged: 'Your password has been changed. Any other place you were logged in has been logged out.',
} as const;
