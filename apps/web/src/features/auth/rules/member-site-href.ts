/**
 * An address on one of the member sites to go back to after logging in or creating an account (the bookings
 * site's login modal sends its page's address, as the account site is another site), or null: only an absolute
 * address on a site's own origin, under its path (no open redirects). Paths on this site go through safeRedirect.
 */
export function memberSiteHref(
  value: string | null | undefined,
  siteUrls: Record<string, string>,
  here: string,
): string | null {
  if (!value || value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  for (const base of Object.values(siteUrls)) {
    const site = new URL(base || '/', here);
    const root = site.pathname.replace(/\/?$/, '/');
    if (url.origin === site.origin && `${url.pathname}/`.startsWith(root))
      return `${url.origin}${url.pathname}${url.search}${url.hash}`;
  }
  return null;
}
