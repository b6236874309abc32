import type { FontStyle } from '@fieldhouse/contract';
import { FONT_FAMILIES, type FontWeight, themeFontFaces } from '@fieldhouse/contract/boot';

/** The latin subset of each font style, one stylesheet per weight (only the faces a theme uses are loaded). */
const FONT_CSS: Record<FontStyle, Record<FontWeight, () => Promise<unknown>>> = {
  lato: {
    400: () => import('@fontsource/lato/latin-400.css'),
    700: () => import('@fontsource/lato/latin-700.css'),
  },
  open_sans: {
    400: () => import('@fontsource/open-sans/latin-400.css'),
    700: () => import('@fontsource/open-sans/latin-700.css'),
  },
  roboto: {
    400: () => import('@fontsource/roboto/latin-400.css'),
    700: () => import('@fontsource/roboto/latin-700.css'),
  },
  garage_gothic: {
    400: () => import('@fontsource/oswald/latin-400.css'),
    700: () => import('@fontsource/oswald/latin-700.css'),
  },
};

/**
 * Resolves when the theme's fonts are usable: the text font in 400 and 700, the heading font in 700
 * (`themeFontFaces`, the faces the server preloads). After a timeout it resolves anyway, so a font hiccup never
 * blocks the page.
 */
export async function loadFonts(body: FontStyle, heading: FontStyle, timeoutMs = 4000): Promise<void> {
  const load = Promise.all(
    themeFontFaces(body, heading).map(async ({ style, weight }) => {
      await FONT_CSS[style][weight]();
      await document.fonts?.load?.(`${weight} 1em "${FONT_FAMILIES[style]}"`);
    }),
  );
  await Promise.race([load.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
