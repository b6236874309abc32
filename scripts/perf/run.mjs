#!/usr/bin/env node
// `npm run test:perf` (part of `npm test`; builds the web app first if its build is stale): how the entry pages load
// on a phone.
//  1. Page weight: Chromium opens each entry page with a cold cache, 375 px wide, and counts the compressed
//     JavaScript actually transferred until the network is idle; each page must stay within its budget.
//  2. Lighthouse mobile (simulated slow 4G, mid-range phone CPU): performance the median of LIGHTHOUSE_RUNS (default 3)
//     runs per page, accessibility and best practices audited in the first run; each must reach its threshold.
// Both measure Vite's bare React starter in the same run and print it first, so a reader can tell the product from
// the machine (this machine is shared and noisy); Lighthouse's CPU slowdown for the product's pages is calibrated by
// the reference page's main-thread time (cpu-slowdown.mjs, decision 057). VERBOSE=1 lists every script file per page.
import { parseArgs } from 'node:util';
import { buildIfStale } from '../build-if-stale.mjs';
import {
  calibrateCpuSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  QUIET_REFERENCE_MAIN_THREAD_MS,
} from './cpu-slowdown.mjs';
import {
  demoSessionCookie,
  entryPages,
  launchChromium,
  launchLighthouseChrome,
  measureTransfer,
  runLighthouse,
  startDemoServer,
  startReferenceServer,
} from './pages.mjs';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' }, // measure a running demo server instead of starting one
    'skip-lighthouse': { type: 'boolean', default: false },
  },
});

/**
 * Compressed JavaScript per page, in KB (1,024 bytes), on the wire until network idle. The target is 100 KB on
 * every page (issue 11), and every page is within it; each budget is what the page weighs today plus a little, so
 * a page can only get lighter (lower a budget whenever a page loses weight). See docs/decisions/021 and 047.
 */
const JS_TARGET_KB = 100;
const JS_BUDGET_KB = {
  // Lowered 2026-12-02 when chunks lost their names (decision 079): / 84.1 -> 83.7 KB, the venue page 91.7 -> 91.3,
  // /account/login 98.8 -> 98.0, /account/ 91.7 -> 91.0 (back under its old 91.5), /join/ 97.7 -> 97.1.
  '/': 84,
  '/venues/': 91.5,
  '/account/login': 98.5,
  '/account/': 91.5,
  '/join/': 97.5,
  '/join/centre/': 97.5,
};
/**
 * Lighthouse mobile: issue 11's targets, and what fails the stage. Accessibility and best practices are held to
 * their target, 100. Performance is simulated from what the page's main thread did on this shared machine, so the
 * machine's load moves it: the same commit scored 96–98 on a quiet machine and 90–94 in a CI run (decision 021,
 * seventh pass). So a page whose median is under the target (95) is measured once more (another LIGHTHOUSE_RUNS
 * runs) and keeps the better median, both printed; the table shows the target, a page under it is named after the
 * table, and the stage fails a page under the floor (90): a real regression of a few points on a quiet machine.
 */
const TARGET_PERFORMANCE = 95;
const MIN_SCORE = { performance: 90, accessibility: 100, bestPractices: 100 };

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * The CPU slowdown of Lighthouse's simulated phone: calibrated in each run from the reference page's main thread
 * (cpu-slowdown.mjs, decision 057), or LIGHTHOUSE_CPU_SLOWDOWN (4: Lighthouse's own default, uncalibrated).
 */
const FIXED_CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : null;
if (FIXED_CPU_SLOWDOWN !== null && !(FIXED_CPU_SLOWDOWN >= 1))
  throw new Error(
    `LIGHTHOUSE_CPU_SLOWDOWN must be a number of at least 1 (${process.env.LIGHTHOUSE_CPU_SLOWDOWN})`,
  );
let cpuSlowdown = FIXED_CPU_SLOWDOWN ?? DEFAULT_CPU_SLOWDOWN;
let referenceMainThreadMs = null;
const budgetFor = (path) =>
  JS_BUDGET_KB[path] ??
  JS_BUDGET_KB[
    Object.keys(JS_BUDGET_KB).find((p) => p.endsWith('/') && p.length > 1 && path.startsWith(p)) ?? ''
  ];

/**
 * A page that redirects (the logged-in account page to the login page when the session did not reach the browser)
 * would be measured as another page. The bookings site's `/` sends a visitor on to choose a venue by design.
 */
const failures = [];
/** Pages whose performance median stayed under the target but over the floor: printed, not failing. */
const belowTarget = [];
function checkLanded(page, finalUrl, tool) {
  const landed = new URL(finalUrl).pathname;
  if (page.path !== '/' && landed !== new URL(page.url).pathname)
    failures.push(`${page.path}: ${tool} ended on ${landed}, so it measured another page`);
}

const started = Date.now();
// Measuring a missing or stale build would pass with 0 KB or measure old code.
if (!args.url) buildIfStale();
// PERF_PORT (default 4390) and the next port: set it so two checkouts can measure side by side.
const port = Number(process.env.PERF_PORT ?? 4390);
const demo = args.url ? { base: args.url.replace(/\/$/, ''), stop: () => {} } : await startDemoServer(port);
const reference = await startReferenceServer(port + 1);
const rows = [];
try {
  const cookie = await demoSessionCookie(demo.base);
  const pages = [
    { label: 'bare Vite + React (reference)', url: `${reference.base}/`, reference: true },
    ...(await entryPages(demo.base)).map((p) => ({
      label: p.path,
      path: p.path,
      url: `${demo.base}${p.path}`,
      cookie: p.login ? cookie : undefined,
    })),
  ];

  const browser = await launchChromium();
  try {
    for (const page of pages) {
      page.transfer = await measureTransfer(browser, page.url, { cookie: page.cookie });
      if (process.env.VERBOSE)
        for (const s of page.transfer.scripts)
          console.log(`  ${page.label}  ${(s.bytes / 1024).toFixed(1).padStart(6)} KB  ${s.name}`);
      if (page.reference) continue;
      checkLanded(page, page.transfer.finalUrl, 'Chromium');
      const kb = page.transfer.script / 1024;
      const budget = budgetFor(page.path);
      if (!(kb <= budget))
        failures.push(`${page.path}: ${kb.toFixed(1)} KB of JavaScript, budget ${budget} KB`);
    }
  } finally {
    await browser.close();
  }

  if (!args['skip-lighthouse']) {
    const chrome = await launchLighthouseChrome();
    try {
      for (const page of pages) {
        // The reference first, at Lighthouse's default: its main-thread time calibrates the slowdown of the rest.
        page.lighthouse = await runLighthouse(chrome.port, page.url, {
          cookie: page.cookie,
          runs,
          cpuSlowdown: page.reference ? DEFAULT_CPU_SLOWDOWN : cpuSlowdown,
        });
        if (page.reference) {
          referenceMainThreadMs = page.lighthouse.mainThreadMs;
          cpuSlowdown = FIXED_CPU_SLOWDOWN ?? calibrateCpuSlowdown(referenceMainThreadMs);
          continue;
        }
        if (page.lighthouse.performance < TARGET_PERFORMANCE) {
          const first = page.lighthouse;
          const again = await runLighthouse(chrome.port, page.url, {
            cookie: page.cookie,
            runs,
            cpuSlowdown,
          });
          console.log(
            `${page.path}: Lighthouse performance ${first.performance} (${first.performanceRuns.join(', ')}) under ` +
              `${TARGET_PERFORMANCE}; measured again: ${again.performance} (${again.performanceRuns.join(', ')})`,
          );
          page.lighthouse = again.performance > first.performance ? again : first;
          page.lighthouse.earlierRuns = (
            again.performance > first.performance ? first : again
          ).performanceRuns;
        }
        const lh = page.lighthouse;
        checkLanded(page, lh.finalUrl, 'Lighthouse');
        if (lh.performance < TARGET_PERFORMANCE) belowTarget.push(`${page.path}: ${lh.performance}`);
        for (const [key, min] of Object.entries(MIN_SCORE))
          if (lh[key] < min)
            failures.push(
              `${page.path}: Lighthouse ${key} ${lh[key]} < ${min}` +
                (lh.failing[key]?.length ? ` (failing audits: ${lh.failing[key].join(', ')})` : '') +
                (key === 'performance'
                  ? ` (FCP ${(lh.fcp / 1000).toFixed(1)} s, LCP ${(lh.lcp / 1000).toFixed(1)} s, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)})`
                  : ''),
            );
      }
    } finally {
      chrome.kill();
    }
  }

  for (const page of pages) {
    const t = page.transfer;
    const lh = page.lighthouse;
    rows.push(
      [
        page.label,
        `${(t.script / 1024).toFixed(1)} KB${page.reference ? '' : ` (≤ ${budgetFor(page.path)}; target ${JS_TARGET_KB})`}`,
        `${(t.all / 1024).toFixed(1)} KB`,
        lh
          ? `${lh.performance} (${lh.performanceRuns.join(', ')}${lh.earlierRuns ? `; other: ${lh.earlierRuns.join(', ')}` : ''})${page.reference ? '' : ` (target ${TARGET_PERFORMANCE}, ≥ ${MIN_SCORE.performance})`}`
          : '–',
        lh
          ? `${Math.round(lh.mainThreadMs)} ms${page.reference ? '' : ` (${(lh.mainThreadMs / referenceMainThreadMs).toFixed(1)}×)`}`
          : '–',
        lh ? String(lh.accessibility) : '–',
        lh ? String(lh.bestPractices) : '–',
        lh ? `${(lh.fcp / 1000).toFixed(1)} s` : '–',
        lh ? `${(lh.lcp / 1000).toFixed(1)} s` : '–',
        lh ? `${Math.round(lh.tbt)} ms` : '–',
        lh ? lh.cls.toFixed(3) : '–',
      ].join(' | '),
    );
  }
} finally {
  demo.stop();
  reference.stop();
}

console.log(
  `\nPhone load, cold cache (Chromium 375 px; Lighthouse mobile, simulated slow 4G: performance ${runs === 1 ? 'of 1 run' : `median of ${runs} runs`}, accessibility and best practices of the first)\n`,
);
if (referenceMainThreadMs !== null)
  console.log(
    `CPU slowdown ${cpuSlowdown}× (${FIXED_CPU_SLOWDOWN !== null ? 'LIGHTHOUSE_CPU_SLOWDOWN' : `Lighthouse's ${DEFAULT_CPU_SLOWDOWN}× calibrated: the reference page's main thread took ${Math.round(referenceMainThreadMs)} ms here, ${QUIET_REFERENCE_MAIN_THREAD_MS} ms on a quiet host`}); ` +
      'main thread: the time one load took on this host, before the slowdown (× the reference page)\n',
  );
console.log(
  '| page | JS transferred (budget) | all transferred | Lighthouse performance (runs) | main thread | accessibility | best practices | FCP | LCP | TBT | CLS |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row} |`);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (belowTarget.length)
  console.log(
    `\nUnder the performance target of ${TARGET_PERFORMANCE} on this run (the floor is ${MIN_SCORE.performance}): ${belowTarget.join(', ')}`,
  );
if (failures.length) {
  console.error(`\n${failures.length} over budget or under threshold:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
