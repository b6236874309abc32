import type { Theme } from './get-theme';

let currentTheme: Theme | null = null;

/** The theme the page started with (loaded before the first render). */
export const setCurrentTheme = (theme: Theme): void => {
  currentTheme = theme;
};
export const getCurrentTheme = (): Theme | null => currentTheme;
