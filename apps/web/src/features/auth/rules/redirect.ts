/** Only same-site paths are followed after login (no open redirects). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** Where a logged-out visitor to a private route is sent. */
export const loginPathFor = (location: { pathname: string; search: string }): string =>
  `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
