// Constants of the page's first load, in a module without zod: the web app imports them at run time without
// pulling zod into its entry chunk (see decision 008). Keep this file free of value imports.
import type { FontStyle } from './theme.ts';

/** The element id of the JSON the server writes into each site's HTML (schema: siteBootData in site-config.ts). */
export const BOOT_DATA_ELEMENT_ID = 'fh-boot-data';

/** The @fontsource package each font style is served from (latin subset, weights 400 and 700 at most). */
export const FONT_PACKAGES: Record<FontStyle, string> = {
  garage_gothic: 'oswald',
  lato: 'lato',
  open_sans: 'open-sans',
  roboto: 'roboto',
};
/** The CSS font family each @fontsource package declares. */
export const FONT_FAMILIES: Record<FontStyle, string> = {
  garage_gothic: 'Oswald',
  lato: 'Lato',
  open_sans: 'Open Sans',
  roboto: 'Roboto',
};

/** The weights a font style is served in. */
export const FONT_WEIGHTS = ['400', '700'] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

/**
 * The font files a theme needs: its text font in 400 and 700 (bold), its heading font in 700 only (h1–h3 and the
 * console's title are bold everywhere). The server preloads exactly these and the web loads exactly these.
 */
export function themeFontFaces(
  body: FontStyle,
  heading: FontStyle,
): { style: FontStyle; weight: FontWeight }[] {
  const faces: { style: FontStyle; weight: FontWeight }[] = [
    { style: body, weight: '400' },
    { style: body, weight: '700' },
  ];
  if (heading !== body) faces.push({ style: heading, weight: '700' });
  return faces;
}
