#!/usr/bin/env node
// `npm run bench` (not part of npm test): server throughput in a booking rush and next to a bare Fastify route.
//
// For each database (PGlite in a fresh folder, then a fresh PostgreSQL database on 127.0.0.1:5432 or
// BENCH_DATABASE_URL, dropped afterwards) it seeds a client, a rush venue (50 sessions × 20 places, 3 days out)
// and two timetable venues (4 and 40 sessions a day for 14 days), starts the real server (the built bundle
// apps/api/dist/main.js, built first if stale, a child process, as `npm run serve` runs it) and measures:
//   - cold start: spawn to the first reply of GET /api/health (and the same for the bare Fastify reference);
//   - registration: 1,000 customers through POST /api/auth/customer/register, 20 at a time;
//   - the rush: 50 members at a time, each picks one of the 50 sessions (seeded random), makes a sandbox card
//     token, adds the session, reads the basket and completes checkout; per-step p50/p95/p99, checkouts/s,
//     errors by status; afterwards the database is checked: no session over capacity, bookings = counters,
//     places sold vs capacity and vs the most that could be sold (Σ min(places, members who chose it));
//   - autocannon (20 connections, median of several short runs): the guest timetable for 1 and 14 days,
//     GET /api/cart and GET /api/auth/user logged in, each next to a bare Fastify route serving the same bytes
//     in the same run, as a ratio;
//   - timetable growth: reply size and sequential latency for 1 and 14 days at 4 and 40 sessions a day;
//   - GET /api/orders (paged) of a seeded member with 1,000 orders: first page, a late page, the largest page;
//   - RSS (from /proc) idle after start, idle after the rush, and peak (VmHWM).
// Options: --only pglite|postgres, --customers N (1000), --runs N (3), --seconds N (2).
// `--scale`: the scale bench instead (scripts/bench/scale/run.mjs, its options there; docs/performance.md);
// `--reports`: its report bench alone (a year of trading, each report for a month; 'Reports at scale').
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { makeClient } from './bench/client.mjs';
import {
  CONNECTIONS,
  CUSTOMERS,
  ONLY,
  PLACES,
  ROOT,
  RUNS,
  RUSH_CONCURRENCY,
  SECONDS,
  SERVER_NODE_ARGS,
  SESSIONS,
} from './bench/config.mjs';
import { freePort, procStatus, sleep, startProcess, stopProcess } from './bench/processes.mjs';
import { fillBasket, growth, orders, throughput } from './bench/reads.mjs';
import { table } from './bench/report.mjs';
import { checkDatabase, registration, rush } from './bench/rush.mjs';
import { seed } from './bench/seed.mjs';
import { mb, ms } from './bench/stats.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_NODE_OPTIONS, withServerEnv } from './lib/server-node-options.mjs';
import { portAnswers } from './lib/test-postgres.mjs';

// ---------------------------------------------------------------------------------------------------------------
// One database

async function benchDatabase(kind, prepare) {
  console.log(`\n== ${kind} ==`);
  const target = await prepare();
  const result = { kind };
  try {
    const now = new Date();
    const seedStarted = performance.now();
    const database = await openDatabase(target.config);
    await database.migrate();
    const data = await seed(database.db, now);
    await database.close();
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startProcess(
      [...SERVER_NODE_OPTIONS, ...SERVER_NODE_ARGS, path.join(ROOT, 'apps/api/dist/main.js')],
      {
        ...withServerEnv(process.env),
        ...target.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_MODE: 'false',
        NODE_ENV: 'production',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        STORAGE_DIR: path.join(target.tmp, 'files'),
      },
      port,
      '/api/health',
    );
    result.coldStartMs = server.coldStartMs;
    await sleep(2000);
    result.rssIdle = procStatus(server.child.pid).rss;
    console.log(`cold start ${ms(result.coldStartMs)} ms, RSS idle ${mb(result.rssIdle)}`);
    let rssMax = result.rssIdle;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, procStatus(server.child.pid).rss);
    }, 200);

    try {
      const call = makeClient(base);
      const pid = server.child.pid;
      const ready = await registration(call, pid, data, result);
      await rush(call, pid, data, ready, result);
      // A logged-in member with one line in the basket (a timetable session with room)
      const caller = ready[0];
      await fillBasket(call, caller, data);
      // Throughput next to a bare Fastify route serving the same bytes
      await throughput(base, target, pid, caller, data, result);
      await growth(base, data, result);
      await orders(base, result);
    } finally {
      clearInterval(sampler);
      result.rssPeak = Math.max(rssMax, procStatus(server.child.pid).peak);
      await stopProcess(server.child);
    }
    console.log(`RSS after the rush ${mb(result.rssAfterRush)}, peak ${mb(result.rssPeak)}`);

    // Correctness: no session over capacity, counters = bookings, one charge per order
    await checkDatabase(target, data, result);
  } finally {
    await target.cleanup();
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------

if (process.argv.includes('--scale') || process.argv.includes('--reports')) {
  // The scale bench (issue 34): a generated operator of many venues and members on PostgreSQL.
  const { runScale } = await import('./bench/scale/run.mjs');
  await runScale();
  process.exit();
}

const targets = [];
if (ONLY !== 'postgres') {
  targets.push([
    'PGlite',
    async () => {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'fh-bench-'));
      const dataDir = path.join(tmp, 'data');
      return {
        tmp,
        config: { kind: 'pglite', dataDir },
        env: { DATA_DIR: dataDir },
        cleanup: async () => rmSync(tmp, { recursive: true, force: true }),
      };
    },
  ]);
}
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (ONLY !== 'pglite') {
  const u = new URL(adminUrl);
  if (await portAnswers(u.hostname, Number(u.port || 5432))) {
    targets.push([
      'PostgreSQL',
      async () => {
        const tmp = mkdtempSync(path.join(os.tmpdir(), 'fh-bench-'));
        const name = `fh_bench_${process.pid}`;
        const admin = async (text) => {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          try {
            await c.query(text);
          } finally {
            await c.end();
          }
        };
        await admin(`drop database if exists ${name} with (force)`);
        await admin(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        return {
          tmp,
          config: { kind: 'postgres', url: url.toString() },
          env: { DATABASE_URL: url.toString() },
          cleanup: async () => {
            await admin(`drop database if exists ${name} with (force)`);
            rmSync(tmp, { recursive: true, force: true });
          },
        };
      },
    ]);
  } else {
    console.log(`No PostgreSQL at ${u.host}: PGlite only.`);
  }
}

buildIfStale(); // the server it measures is the built bundle, as production runs it
const started = performance.now();
console.log(
  `npm run bench: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${mb(os.totalmem() / 1024)} RAM, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}; ${CUSTOMERS} customers, ${SESSIONS} sessions × ${PLACES} places, rush ${RUSH_CONCURRENCY} at a time; autocannon ${CONNECTIONS} connections, median of ${RUNS} × ${SECONDS} s`,
);
const results = [];
for (const [kind, prepare] of targets) results.push(await benchDatabase(kind, prepare));
console.log(`\n${table(results.reverse())}\n`);
console.log(
  `bench took ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (results.some((r) => r.incorrect)) {
  console.error('INCORRECT: a session over capacity, a counter off, or fewer places sold than could be.');
  process.exitCode = 1;
}
