import type { FontStyle } from '@fieldhouse/contract';
import { FONT_FAMILIES } from '@fieldhouse/contract/boot';

/** Only the latin subset, weights 400 and 700, of the fonts the theme picks are loaded. */
const FONT_CSS: Record<FontStyle, () => Promise<unknown>> = {
  lato: () =>
    Promise.all([import('@fontsource/lato/latin-400.css'), import('@fontsource/lato/latin-700.css')]),
  open_sans: () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ]),
  roboto: () =>
    Promise.all([import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css')]),
  garage_gothic: () =>
    Promise.all([import('@fontsource/oswald/latin-400.css'), import('@fontsource/oswald/latin-700.css')]),
};

/** Resolves when the chosen fonts are usable (or after a timeout, so a font hiccup never blocks the page). */
export async function loadFonts(styles: FontStyle[], timeoutMs = 4000): Promise<void> {
  const unique = [...new Set(styles)];
  const load = Promise.all(
    unique.map(async (style) => {
      await FONT_CSS[style]();
      if (!document.fonts?.load) return;
      await Promise.all([
        document.fonts.load(`400 1em "${FONT_FAMILIES[style]}"`),
        document.fonts.load(`700 1em "${FONT_FAMILIES[style]}"`),
      ]);
    }),
  );
  await Promise.race([load.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
