import type { MemberSite, Site, SiteConfig as WireSiteConfig } from '@fieldhouse/contract';
import type { Camel } from './case-codec';
import { toCamel } from './case-codec';

export type { MemberSite, Site };
export type SiteConfig = Camel<WireSiteConfig>;

const BASENAMES: Record<Site, string> = {
  bookings: '/',
  account: '/account',
  join: '/join',
  admin: '/admin',
};

export function defaultSiteConfig(site: Site): SiteConfig {
  return {
    site,
    basename: BASENAMES[site],
    urls: { bookings: '', account: '/account', join: '/join' },
    clientId: 1,
    cookieDomain: null,
    demo: true,
    kioskIdleMs: 90_000,
    kioskSecondIdleMs: 95_000,
    mapStyleUrl: null,
  };
}

/** Reads `<meta name="fh-config">` written by the server; falls back to single-origin defaults (Vite dev). */
export function readSiteConfig(site: Site, doc: Document = document): SiteConfig {
  const content = doc.querySelector('meta[name="fh-config"]')?.getAttribute('content');
  const fallback = defaultSiteConfig(site);
  if (!content) return fallback;
  try {
    const parsed = toCamel(JSON.parse(content) as WireSiteConfig);
    return { ...fallback, ...parsed, urls: { ...fallback.urls, ...parsed.urls } };
  } catch {
    return fallback;
  }
}

let current: SiteConfig | null = null;

export function setSiteConfig(config: SiteConfig): void {
  current = config;
}

/** The configuration once read, or null before (a unit test, a module's first lines). */
export const siteConfigIfRead = (): SiteConfig | null => current;

export function getSiteConfig(): SiteConfig {
  if (!current) throw new Error('Site configuration has not been read yet');
  return current;
}
