// Constants of the page's first load, in a module without zod: the web app imports them at run time without
// pulling zod into its entry chunk (see decision 008). Keep this file free of value imports.
import type { FontStyle } from './theme.ts';

/** The element id of the JSON the server writes into each site's HTML (schema: siteBootData in site-config.ts). */
export const BOOT_DATA_ELEMENT_ID = 'fh-boot-data';

/** The @fontsource package each font style is served from (latin subset, weights 400 and 700). */
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
