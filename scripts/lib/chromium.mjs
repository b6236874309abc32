// Headless Chromium as every test here starts it (Debian's /usr/bin/chromium, or CHROMIUM_PATH): the browser
// tests, the page-weight budget and the Lighthouse stage share these flags.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
