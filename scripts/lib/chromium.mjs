// Headless Chromium as every test here starts it. The browser tests, the page-weight budget and the Lighthouse
// stage share these flags.
import { existsSync } from 'node:fs';

/** Debian's full Chromium (or CHROMIUM_PATH / CHROME_PATH): what Lighthouse and the page-weight budget measure. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * What the browser tests drive (decision 052): Debian's chromium-headless-shell, the same Blink and V8 without the
 * browser around them, when it is installed. On this two-core machine it runs the browser tests on about a third
 * less CPU than the full browser's headless mode (account specs, desktop: 130 → 90 CPU-s). The full Chromium when
 * the shell is missing, or whatever CHROMIUM_PATH names.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
