// Helpers shared by the web-*.int.test.ts files: a fake build of the sites, and what the served pages say.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { siteConfig } from '@fieldhouse/contract';

/** A tiny fake build of the four sites. */
export function fakeDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fh-web-dist-'));
  const page = (title: string) =>
    `<!doctype html><html><head><!--fh-config--><title>${title}</title><style>/* ${'a real page is over 1 KB '.repeat(60)} */</style></head><body><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
  mkdirSync(path.join(dir, 'account'));
  mkdirSync(path.join(dir, 'join'));
  mkdirSync(path.join(dir, 'admin'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), page('bookings'));
  writeFileSync(path.join(dir, 'account/index.html'), page('account'));
  writeFileSync(path.join(dir, 'join/index.html'), page('join'));
  writeFileSync(path.join(dir, 'admin/index.html'), page('admin'));
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), 'console.log("hi");');
  // What the build's precompress step writes beside each text asset.
  const big = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, text: 'the same again' })))};`;
  writeFileSync(path.join(dir, 'assets/big-def456.js'), big);
  writeFileSync(path.join(dir, 'assets/big-def456.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(dir, 'assets/big-def456.js.gz'), gzipSync(big));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Vite's manifest, as the build writes it: the theme's fonts are found there.
  mkdirSync(path.join(dir, '.vite'));
  const font = (pkg: string, weight: string, hash: string) => [
    `../../node_modules/@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff2`,
    { file: `assets/${pkg}-latin-${weight}-normal-${hash}.woff2` },
  ];
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify(
      Object.fromEntries([
        font('lato', '400', 'L4'),
        font('lato', '700', 'L7'),
        font('oswald', '400', 'O4'),
        font('oswald', '700', 'O7'),
        font('roboto', '400', 'R4'),
        font('roboto', '700', 'R7'),
      ]),
    ),
  );
  return dir;
}

export const readConfig = (html: string) => {
  const match = /<meta name="fh-config" content="([^"]*)">/.exec(html);
  if (!match) throw new Error(`No fh-config meta in ${html}`);
  const json = match[1]!
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return siteConfig.parse(JSON.parse(json));
};
export const title = (html: string) => /<title>(.*)<\/title>/.exec(html)?.[1];
