import type { FontStyle } from '@fieldhouse/contract';
import type { Theme } from '../api/get-theme';
import { readableOn } from '../rules/colour';

/** CSS font stacks; Oswald stands in for Garage Gothic (self-hosted, weights 400 and 700). */
export const FONT_FAMILIES: Record<FontStyle, string> = {
  garage_gothic: "'Oswald', 'Arial Narrow', sans-serif",
  lato: "'Lato', Arial, sans-serif",
  open_sans: "'Open Sans', Arial, sans-serif",
  roboto: "'Roboto', Arial, sans-serif",
};

/** The theme as CSS custom properties on :root; text colours are adjusted to reach 4.5:1 where needed. */
export function themeVariables(theme: Theme): Record<string, string> {
  return {
    '--fh-primary': theme.themeAppPrimaryColour,
    '--fh-on-primary': readableOn(theme.themeAppPrimaryColour, '#ffffff'),
    '--fh-primary-text': readableOn('#ffffff', theme.themeAppPrimaryColour),
    '--fh-secondary-1': theme.themeAppSecondaryColour1,
    '--fh-on-secondary-1': readableOn(theme.themeAppSecondaryColour1, '#ffffff'),
    '--fh-secondary-1-text': readableOn('#ffffff', theme.themeAppSecondaryColour1),
    '--fh-secondary-2': theme.themeAppSecondaryColour2,
    '--fh-header-bg': theme.themeAppHeaderBgColour,
    '--fh-header-text': readableOn(theme.themeAppHeaderBgColour, theme.headerPrimaryColour),
    '--fh-toast-success': theme.toastSuccessColour,
    '--fh-toast-error': theme.toastErrorColour,
    '--fh-toast-info': theme.toastInfoColour,
    '--fh-on-toast-success': readableOn(theme.toastSuccessColour, '#ffffff'),
    '--fh-on-toast-error': readableOn(theme.toastErrorColour, '#ffffff'),
    '--fh-on-toast-info': readableOn(theme.toastInfoColour, '#ffffff'),
    '--fh-font-body': FONT_FAMILIES[theme.themeAppBodyFontStyle],
    '--fh-font-heading': FONT_FAMILIES[theme.themeAppHeadingFontStyle],
  };
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.dataset.secondaryButton = theme.themeAppSecondaryButtonStyle;
}
