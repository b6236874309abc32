// The pages a phone opens first, the helpers that start the product and the reference page for the page-weight
// and Lighthouse stages, and the two measurements themselves.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { DEFAULT_CPU_SLOWDOWN } from './cpu-slowdown.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const DEMO_LOGIN = { username: 'demo@fieldhouse.test', password: 'Fieldhouse1!' };

/** The six entry pages of the issue, in the order the table prints them. `login`: measured logged in. */
export async function entryPages(base) {
  const venues = await (await fetch(`${base}/api/venues`)).json();
  const slug = venues.data?.venues?.[0]?.slug;
  if (!slug) throw new Error('The demo server lists no venues');
  return [
    { path: '/', login: false },
    { path: `/venues/${slug}`, login: false },
    { path: '/account/login', login: false },
    { path: '/account/', login: true },
    { path: '/join/', login: false },
    { path: `/join/centre/${slug}`, login: false },
  ];
}

async function waitFor(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No answer from ${url} within ${timeoutMs / 1000} s`);
}

/** The built product with its demo operator on an in-memory database, as `npm start` serves it. */
export async function startDemoServer(port) {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/ready`, child);
  return { base, stop: () => child.kill('SIGTERM') };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * The reference: Vite's React starter (scripts/perf/reference) built with the same Vite and React plugin as the
 * product and served the way the product serves its assets (brotli, hashed files immutable, HTML revalidated).
 */
export async function startReferenceServer(port) {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = join(root, 'node_modules/.cache/fieldhouse-perf-reference');
  await build({
    root: join(root, 'scripts/perf/reference'),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const files = new Map();
  const walk = async (dir, prefix) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else {
        const bytes = await readFile(join(dir, entry.name));
        const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        files.set(`/${prefix}${entry.name}`, { bytes, br, gz: gzipSync(bytes, { level: 9 }) });
      }
    }
  };
  await walk(outDir, '');
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const file = files.get(path === '/' ? '/index.html' : path);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] = accept.includes('br')
      ? [file.br, 'br']
      : accept.includes('gzip')
        ? [file.gz, 'gzip']
        : [file.bytes, null];
    res.writeHead(200, {
      'content-type': TYPES[extname(path === '/' ? '/index.html' : path)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/** The session cookie of the demo member, logged in through the API (as the browser tests do). */
export async function demoSessionCookie(base) {
  const res = await fetch(`${base}/api/auth/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'perf', cookie: 'fh_csrf=perf' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (!res.ok) throw new Error(`Demo login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Bytes on the wire the way a phone sees a page: a fresh context (cold cache), 375 px wide, every response's
 * encoded (transferred) size until the network is idle, by type; `scripts` lists each script file.
 */
export async function measureTransfer(browser, url, { cookie } = {}) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  if (cookie) {
    const { origin } = new URL(url);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name, value: rest.join('='), url: origin };
      }),
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  const totals = { script: 0, all: 0, scripts: [] };
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    totals.all += e.encodedDataLength;
    const request = requests.get(e.requestId);
    if (request?.type === 'Script') {
      totals.script += e.encodedDataLength;
      totals.scripts.push({ bytes: e.encodedDataLength, name: request.url.replace(/^.*\//, '') });
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  totals.finalUrl = page.url();
  await context.close();
  totals.scripts.sort((a, b) => b.bytes - a.bytes);
  return totals;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Puts a session's cookies (`name=value; …`) in the jar of the Chromium that Lighthouse drives, or empties the jar
 * (no `cookie`). The sites read the session's companion cookie from `document.cookie` to know a member is logged in,
 * so a Cookie request header alone would measure the login redirect instead of the page. Lighthouse clears the
 * cache and the origin's storage before each run, but not its cookies.
 */
async function setChromeCookies(port, origin, cookie) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error('Cannot reach Chromium over the DevTools protocol'));
  });
  let lastId = 0;
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      const onMessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.id !== id) return;
        socket.removeEventListener('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Storage.clearCookies');
    if (cookie)
      await send('Storage.setCookies', {
        cookies: cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
        }),
      });
  } finally {
    socket.close();
  }
}

/** The audits Lighthouse's performance score is made of (each weighs more than 0 in its performance category). */
const PERFORMANCE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Lighthouse mobile (its defaults: a mid-range phone, simulated slow 4G) on one already running Chromium, `runs`
 * times; returns the median performance score with the run that scored it, and the median main-thread time the
 * page's load took on this host (`mainThreadMs`, before the CPU slowdown: what calibrateCpuSlowdown reads).
 * `cpuSlowdown`: the CPU slowdown the simulation applies (Lighthouse's default, 4, when absent).
 * Accessibility and best practices are audited in the first run only: their audits read the page, not the clock, so
 * they score the same in every run, and leaving them out of the later runs takes about a second off each (6.4 -> 5.3 s
 * a run, measured on /join/).
 * The later runs audit only the five metrics the performance score is made of (PERFORMANCE_METRICS): every other
 * audit of the category weighs 0, so the score is the same, without the diagnostics' gatherers and audits
 * (4.9 -> 4.4 s a run on a venue page; the first run still lists them).
 */
export async function runLighthouse(
  port,
  url,
  { cookie, runs = 3, cpuSlowdown = DEFAULT_CPU_SLOWDOWN } = {},
) {
  const { default: lighthouse } = await import('lighthouse');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  const results = [];
  await setChromeCookies(port, new URL(url).origin, cookie);
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        ...(i === 0
          ? { onlyCategories: ['performance', 'accessibility', 'best-practices'] }
          : { onlyAudits: [...PERFORMANCE_METRICS, 'mainthread-work-breakdown'] }),
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        disableFullPageScreenshot: true,
      },
      undefined,
    );
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message} (${url})`);
    results.push(result.lhr);
    if (i === 0) {
      // Should Lighthouse weigh other audits one day, the later runs would score something else: stop instead.
      const weighed = result.lhr.categories.performance.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => ref.id);
      if (weighed.sort().join() !== [...PERFORMANCE_METRICS].sort().join())
        throw new Error(
          `Lighthouse's performance score is now made of ${weighed.join(', ')}: update PERFORMANCE_METRICS`,
        );
    }
  }
  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const byPerformance = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const mid = byPerformance[Math.floor(runs / 2)];
  const [first] = results;
  const failing = (id) =>
    first.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (first.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  if (results.some((r) => r.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdown))
    throw new Error(`Lighthouse did not apply the CPU slowdown of ${cpuSlowdown} (${url})`);
  return {
    performance: median(results.map((r) => score(r, 'performance'))),
    // Lighthouse reports the simulated time: the time it saw, multiplied by the slowdown.
    mainThreadMs: median(
      results.map((r) => r.audits['mainthread-work-breakdown'].numericValue / cpuSlowdown),
    ),
    accessibility: score(first, 'accessibility'),
    bestPractices: score(first, 'best-practices'),
    performanceRuns: results.map((r) => score(r, 'performance')),
    finalUrl: mid.finalDisplayedUrl,
    fcp: mid.audits['first-contentful-paint'].numericValue,
    lcp: mid.audits['largest-contentful-paint'].numericValue,
    tbt: mid.audits['total-blocking-time'].numericValue,
    cls: mid.audits['cumulative-layout-shift'].numericValue,
    failing: {
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
    },
  };
}

export async function launchLighthouseChrome() {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
}
