/**
 * The spec's default error texts (account-shell §8). Mirrored from the contract's DEFAULT_ERROR_TEXTS
 * rather than imported at run time, so the entry bundle does not pull in zod; `errors.test.ts` keeps
 * the two in step.
 */
export const ERROR_TEXTS = {
  notFound: 'Unable to complete request, item not found.',
  forbidden: 'Unauthorised.',
  generic: 'Something has gone wrong, please try again.',
  csrf: 'Something has gone wrong, please reload and try again.',
} as const;

export const CSRF_COOKIE = 'fh_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const LOGGED_IN_COOKIE = 'fh_logged_in';
export const VENUE_COOKIE = 'fh_venue';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never got a reply. */
    readonly status: number,
    /** Text to show the user (spec default texts; the server message for 422/429). */
    message: string,
    /** The server's own message, when it sent one. */
    readonly serverMessage: string | null = null,
    /** 422 field errors, keyed by camelCase field name. */
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * For calls whose failure the spec shows as "the server message" (login, forgotten password): the
 * server's text, except where the spec fixes the text (419), or `fallback` when there is none.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 419) return error.message;
  return error.serverMessage || error.message || fallback;
}

/** Maps a status and server reply to the text the spec says to show. */
export function errorText(status: number, serverMessage: string | null): string {
  switch (status) {
    case 404:
      return ERROR_TEXTS.notFound;
    case 403:
      return ERROR_TEXTS.forbidden;
    case 419:
      return ERROR_TEXTS.csrf;
    case 422:
    case 429:
      return serverMessage || ERROR_TEXTS.generic;
    default:
      return ERROR_TEXTS.generic;
  }
}
