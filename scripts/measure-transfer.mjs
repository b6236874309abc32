#!/usr/bin/env node
// Bytes on the wire with a cold cache, the way a phone sees a page: Chromium loads each page in a fresh context
// and counts every response's encoded (transferred) bytes until the network is idle, by type.
// Usage: node scripts/measure-transfer.mjs [baseUrl]   (a running server with the demo data)
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const venues = await (await fetch(`${base}/api/venues`)).json();
const slug = venues.data?.[0]?.slug;

async function measure(path, { login } = {}) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const totals = { script: 0, all: 0, raw: 0 };
  const urls = new Map();
  const scripts = [];
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    totals.all += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      totals.script += e.encodedDataLength;
      scripts.push([e.encodedDataLength, urls.get(e.requestId).replace(/^.*\//, '')]);
    }
  });
  if (login) {
    const res = await context.request.post(`${base}/api/auth/customer/login`, {
      headers: { 'x-csrf-token': 'm', cookie: 'fh_csrf=m' },
      data: { username: 'demo@fieldhouse.test', password: 'Fieldhouse1!' },
    });
    if (!res.ok()) throw new Error(`login ${res.status()}`);
  }
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await context.close();
  if (process.env.VERBOSE)
    for (const [bytes, name] of scripts.sort((a, b) => b[0] - a[0]))
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}`);
  return totals;
}

const pages = [
  ['/', {}],
  [`/venues/${slug}`, {}],
  ['/account/login', {}],
  ['/account/', { login: true }],
  ['/join/', {}],
];
console.log('| page | JS transferred | all transferred |\n|---|---|---|');
for (const [path, opts] of pages) {
  const t = await measure(path, opts);
  console.log(`| ${path} | ${(t.script / 1024).toFixed(1)} KB | ${(t.all / 1024).toFixed(1)} KB |`);
}
await browser.close();
