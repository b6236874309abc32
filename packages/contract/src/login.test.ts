import { describe, expect, it } from 'vitest';
import { loginBody } from './auth.ts';
import { findLoginProblems, LOGIN_TEXTS, type LoginFields } from './login.ts';

/** The zod schema's message per field, as the login form would show it. */
function zodProblems(fields: LoginFields) {
  const result = loginBody.safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the login form check without zod', () => {
  it.each<LoginFields>([
    { username: '', password: '' },
    { username: '   ', password: 'secret' },
    { username: '\t\n', password: '' },
    { username: 'demo@fieldhouse.test', password: '' },
    { username: 'demo@fieldhouse.test', password: ' ' },
    { username: ' C-1001 ', password: 'Fieldhouse1!' },
    { username: 'a', password: 'b' },
  ])('refuses what loginBody refuses, with the same texts: %j', (fields) => {
    expect(findLoginProblems(fields)).toEqual(zodProblems(fields));
  });

  it("names each missing field with the spec's text", () => {
    expect(findLoginProblems({ username: ' ', password: '' })).toEqual({
      username: LOGIN_TEXTS.usernameRequired,
      password: LOGIN_TEXTS.passwordRequired,
    });
  });
});
