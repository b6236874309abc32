#!/usr/bin/env node
// Bundle budget: each site's initial JavaScript (its entry script plus every module it preloads) must stay
// within BUDGET gzip bytes. Reads the built HTML, so it measures exactly what a browser fetches first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 150 * 1000; // 150 KB gzip per site (issue #2)
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const sites = { bookings: 'index.html', account: 'account/index.html', join: 'join/index.html' };

let failed = false;
for (const [site, html] of Object.entries(sites)) {
  const page = readFileSync(join(dist, html), 'utf8');
  const srcs = new Set();
  for (const m of page.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);
  if (srcs.size === 0) {
    console.error(`${site}: no entry script found in ${html}`);
    failed = true;
    continue;
  }
  let total = 0;
  for (const src of srcs) total += gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length;
  const ok = total <= BUDGET;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${site.padEnd(9)} initial JS ${(total / 1000).toFixed(1)} KB gzip in ${srcs.size} file(s) (budget ${BUDGET / 1000} KB)`,
  );
}
if (failed) process.exit(1);
