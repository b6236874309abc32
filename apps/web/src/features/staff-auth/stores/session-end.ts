/**
 * Why the staff member is no longer logged in, for the login page to say: their session ended (a call answered
 * 401: idle too long, or the longest session) or they logged out. Kept until the login page has shown it.
 */
export type SessionEnd = 'expired' | 'logged_out';

let ended: SessionEnd | null = null;

export const markSessionEnd = (why: SessionEnd): void => {
  ended = why;
};

export const peekSessionEnd = (): SessionEnd | null => ended;

export const clearSessionEnd = (): void => {
  ended = null;
};
