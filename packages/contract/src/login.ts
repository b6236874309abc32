// The login form's rules and texts in a module without zod: the login page checks them in the browser without
// loading zod (about 20 KB on a phone). `loginBody` (auth.ts) is built from the same constants, and
// login.test.ts holds the two together. Keep this file free of value imports.

export const LOGIN_TEXTS = {
  usernameRequired: 'Please enter your email or customer ID.',
  passwordRequired: 'Please enter your password.',
} as const;

export const LOGIN_USERNAME_MAX_LENGTH = 254;
export const LOGIN_PASSWORD_MAX_LENGTH = 200;

export interface LoginFields {
  username: string;
  password: string;
}

/**
 * The login form's own check: what `loginBody` refuses with the spec's texts (a blank username once trimmed, an
 * empty password), per field. Over-long input is left to the server, which refuses it with its message.
 */
export function findLoginProblems({
  username,
  password,
}: LoginFields): Partial<Record<keyof LoginFields, string>> {
  return {
    ...(username.trim() === '' ? { username: LOGIN_TEXTS.usernameRequired } : {}),
    ...(password === '' ? { password: LOGIN_TEXTS.passwordRequired } : {}),
  };
}
