/**
 * How far down the window was scrolled on each history entry, by the entry's key (`Location.key`), so back and
 * forward return there (the browser's own restoration is off: `history.scrollRestoration = 'manual'`). Kept in
 * sessionStorage, so it survives a reload and a visit to another site in the same tab; the newest 50 entries.
 */
const STORAGE_KEY = 'fh-scroll';

const read = (): Record<string, number> => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '') ?? {};
  } catch {
    return {};
  }
};

/** Notes the window's scroll position as the entry `key`'s (called before the router leaves an entry). */
export function saveScrollPosition(key: string): void {
  const positions = read();
  delete positions[key];
  positions[key] = Math.round(window.scrollY);
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify(Object.fromEntries(Object.entries(positions).slice(-50))),
    );
  } catch {
    // Storage full or refused: back and forward then open at the top.
  }
}

/** The scroll position (scrollY) saved for the entry `key`, if any. */
export const savedScrollPosition = (key: string): number | undefined => read()[key];
