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
  venuesRequired: 'Choose at least one venue for this role',
  unknownVenue: 'Choose venues from the list: one of these is not a venue of yours',
  cannotChangeOwnRole: 'You cannot change your own role. Another administrator can',
  lastAdministrator:
    'There must be at least one active administrator. Make another account an administrator first',
  cannotResetOwnPassword: 'Change your own password from Your account',
  passwordLinkInvalid:
    'This password link is not valid: it has expired or been used. Ask an administrator to send a new one',
  passwordSet:
    'Your new password is set. Any place you were logged in has been logged out. Log in with it now.',
  totpSetupExpired: 'This set-up has expired. Please start again',
  totpSetUp: 'The authenticator app is set up. Logging in now asks for a code from it.',
} as const;

/** How long a password link an administrator sends to a staff member works (once). */
export const STAFF_PASSWORD_LINK_VALID_HOURS = 24;
/** How long a new authenticator waits for its first code before the set-up must start again. */
export const STAFF_TOTP_SETUP_MINUTES = 15;
