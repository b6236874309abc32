// The default error texts, and the names of the CSRF header and the cookies, without zod: the web app imports this
// module at run time, so no chunk gains zod for a text. ../common.ts re-exports them with its schemas, which take
// them from here: one source for the web, the server and the schemas (decision 008). Keep value imports out of this
// file.

/** The spec's default texts (account-shell §8). */
export const DEFAULT_ERROR_TEXTS = {
  notFound: 'Unable to complete request, item not found.',
  forbidden: 'Unauthorised.',
  generic: 'Something has gone wrong, please try again.',
  csrf: 'Something has gone wrong, please reload and try again.',
} as const;

/** Status the server answers when the CSRF check fails (client shows DEFAULT_ERROR_TEXTS.csrf). */
export const CSRF_FAILED_STATUS = 419;

/** Header the client echoes the CSRF cookie in. */
export const CSRF_HEADER = 'x-csrf-token';

export const CSRF_COOKIE = 'fh_csrf';

/** HttpOnly cookie holding the session token. Never readable by JavaScript. */
export const SESSION_COOKIE = 'fh_session';

/** Non-secret companion cookie ("1" when a session exists) for the 5-second login-state poll and cross-tab sync. */
export const LOGGED_IN_COOKIE = 'fh_logged_in';

/** Venue-selection cookie (JSON: { id, slug, name }). */
export const VENUE_COOKIE = 'fh_venue';

/**
 * While the database holds no operator (client) yet — a production first run before the catalogue is imported —
 * every site shows this page and the calls that need the operator answer 503 with this code and message.
 */
/** The not-found page (spec: a page or client that cannot be found), on the sites and from the server. */
export const NOT_FOUND_PAGE = {
  title: 'Page not found',
  heading: "Whoops! Looks like you've gone offside.",
  goHome: 'Go home',
} as const;

export const NOT_SET_UP = {
  code: 'not_set_up',
  title: 'This site is being set up',
  heading: 'This site is being set up',
  message: 'The operator is setting this site up. Please try again later.',
} as const;
