import { z } from 'zod';
import { client } from './client.ts';
import { theme } from './theme.ts';

/** The member sites, each with its URL in every page's config (cross-site links). */
export const MEMBER_SITES = ['bookings', 'account', 'join'] as const;
export type MemberSite = (typeof MEMBER_SITES)[number];
/** Every site the server serves: the member sites and the staff console (/admin/, decision 034), which no member page links to. */
export const SITES = [...MEMBER_SITES, 'admin'] as const;
export type Site = (typeof SITES)[number];

/**
 * Per-page configuration the server writes into each site's HTML as
 * `<meta name="fh-config" content="{json}">` (so no inline script is needed under the CSP).
 * With no meta tag (Vite dev server) the web app falls back to the single-origin defaults.
 */
export const siteConfig = z.object({
  site: z.enum(SITES),
  /**
   * Router basename of this site: '/', '/account', '/join' or '/admin' single-origin; '/' in sub-domain mode (and for
   * the staff console on its own host, ADMIN_URL).
   */
  basename: z.string(),
  /** Absolute or root-relative base URL of every member site, for cross-site links (no trailing slash). */
  urls: z.object({ bookings: z.string(), account: z.string(), join: z.string() }),
  client_id: z.number().int(),
  /** Parent domain for cookies the browser writes (the venue selection), shared across sub-domains. */
  cookie_domain: z.string().nullable(),
  demo: z.boolean(),
  /** Kiosk idle logout and its second timer (spec: 90 s and 95 s); shortened in tests by configuration. */
  kiosk_idle_ms: z.number().int().positive(),
  kiosk_second_idle_ms: z.number().int().positive(),
  /** MapLibre style for the joining map (MAP_STYLE_URL); null = the shipped offline basemap. */
  map_style_url: z.string().nullable(),
  /**
   * The card payment provider the checkout's card form talks to (PAYMENT_PROVIDER) and, for Stripe, the publishable
   * key Stripe.js needs (the secret key never leaves the server). Absent: the sandbox (Vite dev server).
   */
  card_payments: z
    .object({ provider: z.enum(['sandbox', 'stripe']), publishable_key: z.string().nullable() })
    .optional(),
  /**
   * The venue time zone's offsets from UTC from two years back to three ahead (clock.ts), so the page writes
   * venue-local dates and times without the browser's Intl (decision 063). Absent (Vite dev server) or outside its
   * span, the page asks Intl.
   */
  clock: z
    .object({
      time_zone: z.string(),
      from: z.number().int(),
      until: z.number().int(),
      offsets: z.array(z.tuple([z.number().int(), z.number().int()])),
    })
    .optional(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

/**
 * What the server writes into each site's HTML as `<script type="application/json" id="fh-boot-data">`, so the
 * first paint waits for no API call: the theme the page starts with (for the venue in the fh_venue cookie, named in
 * `theme_venue`, else the operator's default) and the client. Absent (Vite dev server), the app fetches both.
 */
export const siteBootData = z.object({ theme, theme_venue: z.string().nullable(), client });
export type SiteBootData = z.infer<typeof siteBootData>;

export const DEFAULT_SITE_BASENAMES: Record<Site, string> = {
  bookings: '/',
  account: '/account',
  join: '/join',
  admin: '/admin',
};
export const KIOSK_IDLE_MS = 90_000;
export const KIOSK_SECOND_IDLE_MS = 95_000;
