// The password texts, without zod: the web app imports this module at run time, so no chunk gains zod for a text.
// ../auth.ts re-exports them with its schemas, which take them from here: one source for the web, the server and the
// schemas (decision 008). Keep value imports out of this file.

export const PASSWORD_RULE_TEXT =
  'Your password must contain at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 number and one special character.';

export const PASSWORDS_DO_NOT_MATCH = 'The password confirmation does not match.';

export const PASSWORD_UPDATED = 'Your password has been successfully updated';
