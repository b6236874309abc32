import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract/texts/common';

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
    /** The server's error code, when it sent one (e.g. `not_set_up`). */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * For calls whose failure the spec shows as "the server message" (login, forgotten password): the
 * server's text, except where the spec fixes the text (419, and 500 or any other status the server did not answer
 * on purpose: a proxy's 'Service Unavailable' or 'Bad Gateway' is not a message for a member), or `fallback` when
 * there is none.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 419 || error.status >= 500) return error.message;
  return error.serverMessage || error.message || fallback;
}

/** Maps a status and server reply to the text the spec says to show (account-shell §8). */
export function errorText(status: number, serverMessage: string | null): string {
  switch (status) {
    case 404:
      return DEFAULT_ERROR_TEXTS.notFound;
    case 403:
      return DEFAULT_ERROR_TEXTS.forbidden;
    case 419:
      return DEFAULT_ERROR_TEXTS.csrf;
    case 422:
    case 429:
      return serverMessage || DEFAULT_ERROR_TEXTS.generic;
    default:
      return DEFAULT_ERROR_TEXTS.generic;
  }
}
