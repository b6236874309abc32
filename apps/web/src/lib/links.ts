import type { Modes } from './modes';
import type { MemberSite, SiteConfig } from './site-config';

export interface LinkOptions {
  /** Pass the kiosk flag (kiosk=true&centre=) – used on links into the account site. */
  withKiosk?: boolean;
}

/** Absolute or root-relative URL of a path on any site, with the embedded/kiosk flags the spec asks for. */
export function siteHref(
  config: Pick<SiteConfig, 'urls'>,
  modes: Modes,
  site: MemberSite,
  path: string,
  options: LinkOptions = {},
): string {
  const base = config.urls[site].replace(/\/+$/, '');
  const [pathname = '/', existingQuery = ''] = path.split('?');
  const params = new URLSearchParams(existingQuery);
  if (modes.isEmbedded) params.set('embedded', 'true');
  if (options.withKiosk && modes.kioskCentre !== null) {
    params.set('kiosk', 'true');
    params.set('centre', modes.kioskCentre);
  }
  const query = params.toString();
  const fullPath = pathname.startsWith('/') ? pathname : `/${pathname}`;
  return `${base}${fullPath}${query ? `?${query}` : ''}` || '/';
}

export function kioskHomeHref(
  config: Pick<SiteConfig, 'urls'>,
  kioskHomeUrl: string | null,
  centre: string,
): string {
  if (kioskHomeUrl) return kioskHomeUrl;
  const base = config.urls.join.replace(/\/+$/, '');
  return `${base}/kiosk?${new URLSearchParams({ kiosk: 'true', centre }).toString()}`;
}
