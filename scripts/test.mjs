#!/usr/bin/env node
// `npm test`: every stage, independent ones side by side. Each stage's output goes to its own log
// (node_modules/.cache/fieldhouse/test-logs/<stage>.log) and is printed whole when the stage ends, so parallel
// output never interleaves; a table of results and times closes the run. Exit status: non-zero if any stage failed.
//
//   npm test                        every stage
//   npm test -- --only int-pglite   some stages (comma-separated names; their prerequisites run too)
//   npm test -- --skip e2e          everything but some stages
//   TEST_JOBS=1 npm test            one stage at a time
//
// Scheduling (docs/decisions/025): stages start as soon as their prerequisites pass, at most TEST_JOBS at a time
// (default: one per core; more made timing-sensitive tests flaky on two cores).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const logDir = join(root, 'node_modules/.cache/fieldhouse/test-logs');

/**
 * name, npm script and arguments, prerequisites (`after`: must pass) and order (`later`: must have ended, when
 * selected). Stages start in this order as slots free up: the build and the browser tests (the longest stage), then
 * the rest one after another in the other slot: the quick checks first (early failures), then Lighthouse once every
 * other stage has ended. The integration stages (`background`) have slots of their own, as many again, and run
 * at a lower CPU priority (`nice`): they mostly wait on their databases and timers, so beside the browser tests, the
 * stage on the critical path, they take the CPU it leaves instead of a slot (decision 025).
 */
const STAGES = [
  { name: 'build', run: ['run', 'build'] },
  { name: 'e2e', run: ['run', 'test:e2e'], after: ['build'] },
  { name: 'typecheck', run: ['run', 'typecheck'] },
  { name: 'lint', run: ['run', 'lint'] },
  { name: 'lint-imports', run: ['run', 'lint:imports'] },
  { name: 'lint-openapi', run: ['run', 'lint:openapi'] },
  { name: 'unit', run: ['run', 'test:unit'] },
  // Once the unit tests have ended, passed or not (`later`: order only, not a prerequisite): those are quick alone
  // but slow and timing-sensitive under the integration suites' load, and one failing must not hide these results.
  // The cluster test first: its three API processes and PostgreSQL's share of its rush are the heaviest of these, so
  // it is over long before Lighthouse starts.
  { name: 'cluster', run: ['run', 'test:cluster'], later: ['unit'], background: true },
  { name: 'int-pglite', run: ['run', 'test:int', '--', '--db', 'pglite'], later: ['unit'], background: true },
  {
    name: 'int-postgres',
    run: ['run', 'test:int', '--', '--db', 'postgres'],
    later: ['unit'],
    background: true,
  },
  // The production topology without containers (scripts/test-topology.mjs, decision 068): the image's runtime tree,
  // two processes behind nginx, upgraded from the previous release (built here from git) and back under load. After the browser tests, in their slot: beside them and
  // two integration stages, niced, its npm ci took 3 minutes and its first process (migrations and the demo seed)
  // was not ready in 120 s (2026-12-02); after them it runs while the integration stages end, before Lighthouse.
  // The previous release, built from git for the topology test's upgrade (scripts/lib/previous-release.mjs): about
  // 4 minutes of npm ci and build, in the slot the quick checks leave while the browser tests run.
  { name: 'previous-release', run: ['run', 'build:previous'], later: ['unit'] },
  {
    name: 'topology',
    run: ['run', 'test:topology'],
    after: ['build', 'previous-release'],
    later: ['e2e'],
  },
  // Lighthouse last, alone (`later`): its performance score is simulated from what the page's main thread did, so
  // whatever else runs costs it points. Beside the browser tests it lost up to 10. Beside the niced integration
  // stages it kept 95-98 on one machine, but on a slower one (2026-11-25, 1,480 busy CPU-s a run) every page fell to
  // 91-94, one median to 90 (the floor), and each was measured a second time. Alone, it needs one measurement a page.
  {
    name: 'perf',
    run: ['run', 'test:perf'],
    after: ['build'],
    later: ['e2e', 'cluster', 'int-pglite', 'int-postgres', 'topology'],
  },
];

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, skip: { type: 'string' } },
});
const names = (list) =>
  list
    ? list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const unknown = [...names(args.only), ...names(args.skip)].filter((n) => !STAGES.some((s) => s.name === n));
if (unknown.length) {
  console.error(`Unknown stage(s): ${unknown.join(', ')}. Stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

/** The stages asked for, plus what they need. */
function selected() {
  const wanted = new Set(names(args.only).length ? names(args.only) : STAGES.map((s) => s.name));
  for (const n of names(args.skip)) wanted.delete(n);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of STAGES)
      if (wanted.has(s.name))
        for (const dep of s.after ?? [])
          if (!wanted.has(dep)) {
            wanted.add(dep);
            grew = true;
          }
  }
  return STAGES.filter((s) => wanted.has(s.name));
}

const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? os.availableParallelism()));
const stages = selected();
const state = new Map(stages.map((s) => [s.name, { status: 'waiting', seconds: 0 }]));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`.padStart(5);
mkdirSync(logDir, { recursive: true });

function runStage(stage) {
  const st = state.get(stage.name);
  st.status = 'running';
  const t0 = Date.now();
  const logFile = join(logDir, `${stage.name}.log`);
  const log = createWriteStream(logFile);
  console.log(`${elapsed()}  ▶ ${stage.name}: npm ${stage.run.join(' ')}`);
  return new Promise((resolve) => {
    const [command, ...commandArgs] = stage.background
      ? ['nice', '-n', '10', 'npm', ...stage.run]
      : ['npm', ...stage.run];
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        st.seconds = (Date.now() - t0) / 1000;
        st.status = code === 0 ? 'passed' : 'FAILED';
        const mark = code === 0 ? '✓' : '✗';
        console.log(
          `\n${'─'.repeat(100)}\n${elapsed()}  ${mark} ${stage.name} ${st.status} in ${st.seconds.toFixed(0)}s — output (${logFile}):\n`,
        );
        process.stdout.write(readFileSync(logFile, 'utf8'));
        console.log(`${'─'.repeat(100)}`);
        resolve();
      });
    });
  });
}

const running = new Set();
await new Promise((finish) => {
  const tick = () => {
    for (const stage of stages) {
      const st = state.get(stage.name);
      if (st.status !== 'waiting') continue;
      const deps = (stage.after ?? []).map((d) => state.get(d)?.status);
      if (deps.some((d) => d === 'FAILED' || d === 'skipped')) {
        st.status = 'skipped';
        console.log(`${elapsed()}  – ${stage.name} skipped: a prerequisite failed`);
        continue;
      }
      if (deps.some((d) => d !== 'passed')) continue;
      const before = (stage.later ?? []).map((d) => state.get(d)?.status);
      if (before.some((d) => d === 'waiting' || d === 'running')) continue;
      // TEST_JOBS=1: one stage at a time, background or not.
      const inPool = [...running].filter((r) => jobs === 1 || !!r.background === !!stage.background).length;
      if (inPool >= jobs) continue;
      running.add(stage);
      runStage(stage).then(() => {
        running.delete(stage);
        tick();
      });
    }
    if (running.size === 0 && stages.every((s) => state.get(s.name).status !== 'waiting')) finish();
  };
  tick();
});

const total = (Date.now() - started) / 1000;
console.log('\nStage            Result    Time');
for (const s of stages) {
  const st = state.get(s.name);
  console.log(
    `${s.name.padEnd(16)} ${st.status.padEnd(9)} ${st.status === 'skipped' ? '' : `${st.seconds.toFixed(0)}s`}`,
  );
}
console.log(
  `All stages: ${total.toFixed(0)}s (${(total / 60).toFixed(1)} min) with up to ${jobs} at a time${jobs > 1 ? ` and ${jobs} in the background` : ''}.`,
);
// The failures again, last, where a reader of only the end of the output finds them.
for (const s of stages) {
  if (state.get(s.name).status !== 'FAILED') continue;
  const lines = readFileSync(join(logDir, `${s.name}.log`), 'utf8').split('\n');
  const marks = /(FAIL|✗|✘|×|AssertionError|Error:|expected|[0-9]+ failed|failed\b)/;
  const picked = lines.filter((line) => marks.test(line)).slice(0, 60);
  console.log(
    `\n${s.name} failed; its failing lines (whole log above and in ${join(logDir, `${s.name}.log`)}):`,
  );
  for (const line of picked) console.log(`  ${line.slice(0, 300)}`);
}
// Tests that passed only on their retry in CI (decision 042): the run is green, but each of these is a fault to fix.
const retried = [];
for (const s of stages) {
  const status = state.get(s.name).status;
  if (status === 'skipped' || status === 'waiting') continue;
  let lines;
  try {
    lines = stripVTControlCharacters(readFileSync(join(logDir, `${s.name}.log`), 'utf8')).split('\n');
  } catch {
    continue;
  }
  lines.forEach((line, i) => {
    if (line.includes('PASSED ONLY ON RETRY:')) retried.push(`${s.name}: ${line.trim()}`);
    // Playwright's list reporter: "  1 flaky" and then one indented line per test.
    if (/^\s+\d+ flaky\s*$/.test(line)) {
      for (let j = i + 1; j < lines.length && /^\s+\[/.test(lines[j]); j++)
        retried.push(`${s.name}: ${lines[j].trim()}`);
    }
  });
}
if (retried.length > 0) {
  console.log('\nPassed only on retry (flaky; fix them):');
  for (const line of retried) console.log(`  ${line.slice(0, 300)}`);
}
process.exit([...state.values()].every((st) => st.status === 'passed') ? 0 : 1);
