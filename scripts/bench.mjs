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
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema.ts';
import { DEMO_FOOTER_HTML, DEMO_THEME } from '../apps/api/src/db/seed-data.ts';
import { addDays, formatIso, instantAt, localDateOf } from '../apps/api/src/lib/local-date.ts';
import { hashToken } from '../apps/api/src/lib/tokens.ts';
import { buildIfStale } from './build-if-stale.mjs';
import { portAnswers } from './lib/test-postgres.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CUSTOMERS = Number(arg('customers', 1000));
const RUNS = Number(arg('runs', 3));
const SECONDS = Number(arg('seconds', 2));
const ONLY = arg('only', null);
// Extra node options for the server, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** With server node options, each phase's start and end on the monotonic clock (µs, as in a .cpuprofile). */
const mark = (phase) => {
  if (SERVER_NODE_ARGS.length) console.log(`mark ${phase} ${process.hrtime.bigint() / 1000n}`);
};
const SESSIONS = 50;
const PLACES = 20;
const REGISTER_CONCURRENCY = 20;
const RUSH_CONCURRENCY = 50;
const CONNECTIONS = 20;
const CSRF = 'bench-csrf-token';
/** The session cookie of the seeded member with a long order history (HISTORY_ORDERS orders). */
const HISTORY_TOKEN = 'bench-history-member-session-token';
const HISTORY_ORDERS = 1000;
const PASSWORD = 'Str0ng!pass';

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};
const ms = (x) => `${Math.round(x)}`;
const pct = (x) => `${(x * 100).toFixed(1)} %`;
const mb = (kb) => `${Math.round(kb / 1024)} MB`;

/** Seeded pseudo-random numbers (the same rush every run). */
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(text.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** CPU time (user + system) a process has used, in ms: per operation it depends far less on the machine's load. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function freePort() {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/** Spawns a node process and resolves with it and the milliseconds from spawn to the first 200 from `readyPath`. */
async function startProcess(args, env, port, readyPath) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (c) => {
    output.push(c.toString());
    if (output.length > 100) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000) {
      child.kill('SIGKILL');
      throw new Error(`not ready after 300 s:\n${output.join('')}`);
    }
    await sleep(10);
  }
  return { child, coldStartMs: performance.now() - started, output };
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([once(child, 'exit'), sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function inBatches(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Seed (before the server starts: PGlite is one process's)

const ACTIVITIES = [
  ['Spin', 'Cycling', 'Studio 1', 650, 20, 45],
  ['Yoga', 'Mind & Body', 'Studio 2', 700, 18, 60],
  ['Pilates', 'Mind & Body', 'Studio 2', 700, 16, 50],
  ['Body Pump', 'Strength', 'Studio 1', 650, 25, 55],
  ['HIIT', 'Cardio', 'Studio 3', 600, 20, 30],
  ['Badminton Court', 'Court Hire', 'Sports Hall', 1200, 4, 60],
  ['Squash Court', 'Court Hire', 'Court 2', 1000, 2, 40],
  ['Aqua Fit', 'Aquatics', 'Main Pool', 550, 30, 45],
  ['Lane Swimming', 'Aquatics', 'Main Pool', 450, 40, 60],
  ['Adult Swimming Lessons', 'Swimming Lessons', 'Learner Pool', 900, 8, 30],
];

async function seed(db, now) {
  const rand = random(42);
  const [client] = await db
    .insert(schema.clients)
    .values({
      slug: 'bench',
      name: 'Bench Leisure',
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: true,
      },
      supportEmail: 'bench@fieldhouse.test',
      theme: DEMO_THEME,
      footerHtml: DEMO_FOOTER_HTML,
    })
    .returning();
  const venue = (slug, name) => ({
    clientId: client.id,
    slug,
    name,
    address1: '1 High Street',
    town: 'Leeds',
    postcode: 'LS1 1AA',
    lat: 53.8,
    lng: -1.55,
    bookingWindowDays: 7,
  });
  const [rushVenue, light, busy] = await db
    .insert(schema.venues)
    .values([
      venue('rush', 'Rush Leisure Centre'),
      venue('timetable-4', 'Four a Day'),
      venue('timetable-40', 'Forty a Day'),
    ])
    .returning();
  const [rushActivity] = await db
    .insert(schema.activities)
    .values({
      venueId: rushVenue.id,
      name: 'Rush Spin',
      category: 'Cycling',
      locationName: 'Studio 1',
      price: 650,
      capacity: PLACES,
      durationMinutes: 45,
    })
    .returning();
  const firstRush = new Date(now.getTime() + 3 * 86_400_000);
  const rushSessions = await db
    .insert(schema.activitySessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => {
        const startsAt = new Date(firstRush.getTime() + i * 15 * 60_000);
        return {
          activityId: rushActivity.id,
          venueId: rushVenue.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 45 * 60_000),
          capacity: PLACES,
          price: 650,
          locationName: 'Studio 1',
        };
      }),
    )
    .returning({ id: schema.activitySessions.id });

  const today = localDateOf(now);
  for (const [v, perDay] of [
    [light, 4],
    [busy, 40],
  ]) {
    const activities = await db
      .insert(schema.activities)
      .values(
        ACTIVITIES.map(([name, category, locationName, price, capacity, durationMinutes]) => ({
          venueId: v.id,
          name,
          description: `${name} at ${v.name}`,
          category,
          locationName,
          price,
          capacity,
          durationMinutes,
        })),
      )
      .returning();
    const rows = [];
    for (let d = 0; d < 14; d++) {
      const day = addDays(today, d);
      for (let n = 0; n < perDay; n++) {
        const a = activities[n % activities.length];
        const minutes = 6 * 60 + Math.floor((n * 15 * 60) / perDay);
        const startsAt = instantAt(day, { hour: Math.floor(minutes / 60), minute: minutes % 60 });
        rows.push({
          activityId: a.id,
          venueId: v.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + a.durationMinutes * 60_000),
          capacity: a.capacity,
          bookedCount: rand() < 0.35 ? Math.floor(rand() * a.capacity) : 0,
          price: a.price,
          locationName: a.locationName,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(schema.activitySessions).values(rows.slice(i, i + 500));
  }

  // A member with a long order history (GET /api/orders, paged), logged in with a known session token.
  const [history] = await db
    .insert(schema.customers)
    .values({
      clientId: client.id,
      reference: 'FH900001',
      email: 'history@bench.test',
      firstName: 'Long',
      lastName: 'History',
      passwordHash: 'scrypt$16384$8$1$none$none',
      termsAcceptedAt: now,
    })
    .returning();
  await db.insert(schema.authSessions).values({
    customerId: history.id,
    tokenHash: hashToken(HISTORY_TOKEN),
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  const [anySession] = await db
    .select({ id: schema.activitySessions.id })
    .from(schema.activitySessions)
    .limit(1);
  await db.execute(`with o as (
      insert into orders (customer_id, total, payment_type, created_at)
      select ${history.id}, 650 + n, 'card', now() - n * interval '1 hour' from generate_series(1, ${HISTORY_ORDERS}) n
      returning id, total)
    insert into order_items (order_id, kind, name, price, activity_session_id)
      select id, 'activity', 'Spin', total, ${anySession.id} from o`);
  return {
    clientId: client.id,
    rushSessionIds: rushSessions.map((s) => s.id),
    today: formatIso(today),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP client of one member

function makeClient(base) {
  return async function call(member, method, url, body) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: member.cookie,
        'x-csrf-token': CSRF,
        'x-forwarded-for': member.ip,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, json, setCookie: res.headers.getSetCookie() };
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One database

/** req/s of one short autocannon run, and the CPU ms per request of process `pid`. */
async function autocannonRun(url, headers, pid) {
  const cpu = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed replies of ${result.requests.total}`);
  return { rate: result.requests.average, cpuPerRequest: (cpuMs(pid) - cpu) / result.requests.total };
}

async function sequentialLatency(url, count = 40, headers = {}) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= 5) times.push(performance.now() - t0);
    bytes = body.byteLength;
  }
  return { p50: percentile(times, 50), bytes };
}

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
      [...SERVER_NODE_ARGS, path.join(ROOT, 'apps/api/dist/main.js')],
      {
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
      // Registration
      const members = [];
      const regStatus = {};
      const regTimes = [];
      mark('registration');
      const regStarted = performance.now();
      const regCpu = cpuMs(server.child.pid);
      await inBatches(CUSTOMERS, REGISTER_CONCURRENCY, async (i) => {
        const member = {
          ip: `10.${1 + Math.floor(i / 60000)}.${Math.floor(i / 250) % 240}.${(i % 250) + 1}`,
          cookie: `fh_csrf=${CSRF}`,
        };
        const t0 = performance.now();
        const res = await call(
          member,
          'POST',
          '/api/auth/customer/register?onboarding_type=customer_account_online',
          {
            client_id: data.clientId,
            source: 'online',
            first_name: 'Rush',
            last_name: `Member ${i}`,
            email: `member-${i}@bench.test`,
            date_of_birth: '1990-01-01',
            phone: '07700 900456',
            password: PASSWORD,
            password_confirmation: PASSWORD,
            terms_accepted: true,
            marketing_opt_in: false,
          },
        );
        regTimes.push(performance.now() - t0);
        regStatus[res.status] = (regStatus[res.status] ?? 0) + 1;
        const session = res.setCookie.find((c) => c.startsWith('fh_session='))?.split(';')[0];
        if (res.status === 201 && session) members[i] = { ...member, cookie: `${member.cookie}; ${session}` };
      });
      const regSeconds = (performance.now() - regStarted) / 1000;
      mark('registration-end');
      result.registrationsPerSecond = CUSTOMERS / regSeconds;
      result.registrationCpuMs = (cpuMs(server.child.pid) - regCpu) / CUSTOMERS;
      result.registration = {
        status: regStatus,
        p50: percentile(regTimes, 50),
        p99: percentile(regTimes, 99),
      };
      console.log(
        `registration: ${result.registrationsPerSecond.toFixed(1)}/s (server CPU ${result.registrationCpuMs.toFixed(1)} ms each), p50 ${ms(result.registration.p50)} ms, p99 ${ms(result.registration.p99)} ms, status ${JSON.stringify(regStatus)}`,
      );
      const ready = members.filter(Boolean);
      if (ready.length !== CUSTOMERS) throw new Error(`only ${ready.length} of ${CUSTOMERS} registered`);

      // The rush
      const rand = random(7);
      const choice = ready.map(() => Math.floor(rand() * SESSIONS));
      const demand = new Array(SESSIONS).fill(0);
      for (const c of choice) demand[c]++;
      result.mostSellable = demand.reduce((sum, d) => sum + Math.min(d, PLACES), 0);
      const steps = { token: [], add: [], cart: [], checkout: [], journey: [] };
      const errors = {};
      const err = (step, status) => {
        const key = `${step} ${status}`;
        errors[key] = (errors[key] ?? 0) + 1;
      };
      let completed = 0;
      mark('rush');
      const rushStarted = performance.now();
      const rushCpu = cpuMs(server.child.pid);
      await inBatches(ready.length, RUSH_CONCURRENCY, async (i) => {
        const member = ready[i];
        const t0 = performance.now();
        const timed = async (step, method, url, body) => {
          const s = performance.now();
          const res = await call(member, method, url, body);
          steps[step].push(performance.now() - s);
          if (res.status !== 200) err(step, res.status);
          return res;
        };
        const token = await timed('token', 'POST', '/api/payments/sandbox/tokens', {
          cardholder_name: 'Rush Member',
          card_number: '4242 4242 4242 4242',
          expiry_date: '12/39',
          security_code: '123',
          billing_first_name: 'Rush',
          billing_last_name: 'Member',
          billing_address_line_one: '1 High Street',
          billing_city: 'Leeds',
          billing_postcode: 'LS1 1AA',
        });
        const add = await timed('add', 'POST', '/api/cart/add', {
          items: [{ id: data.rushSessionIds[choice[i]], type: 'activity' }],
        });
        if (add.status === 200 && token.status === 200) {
          const cart = await timed('cart', 'GET', '/api/cart');
          const done = await timed('checkout', 'POST', '/api/checkout/complete', {
            terms: true,
            cart_id: cart.json.data.id,
            cart_version: cart.json.data.version,
            payment_method: { type: 'token', token: token.json.data.token },
          });
          if (done.status === 200) completed++;
        }
        steps.journey.push(performance.now() - t0);
      });
      const rushSeconds = (performance.now() - rushStarted) / 1000;
      mark('rush-end');
      result.rush = {
        seconds: rushSeconds,
        completed,
        checkoutsPerSecond: completed / rushSeconds,
        journeysPerSecond: ready.length / rushSeconds,
        cpuMsPerJourney: (cpuMs(server.child.pid) - rushCpu) / ready.length,
        errors,
        steps: Object.fromEntries(
          Object.entries(steps).map(([k, v]) => [
            k,
            { n: v.length, p50: percentile(v, 50), p95: percentile(v, 95), p99: percentile(v, 99) },
          ]),
        ),
      };
      console.log(
        `rush: ${completed} checkouts in ${rushSeconds.toFixed(1)} s = ${result.rush.checkoutsPerSecond.toFixed(1)}/s (${result.rush.journeysPerSecond.toFixed(1)} members/s, server CPU ${result.rush.cpuMsPerJourney.toFixed(1)} ms each); errors ${JSON.stringify(errors)}`,
      );
      for (const [k, v] of Object.entries(result.rush.steps))
        console.log(`  ${k.padEnd(8)} n=${v.n} p50 ${ms(v.p50)} / p95 ${ms(v.p95)} / p99 ${ms(v.p99)} ms`);
      result.rssAfterRush = procStatus(server.child.pid).rss;

      // A logged-in member with one line in the basket (a timetable session with room)
      const caller = ready[0];
      const tt = await call(
        caller,
        'GET',
        `/api/venues/timetable-40/sessions?from=${data.today}&to=${data.today}`,
      );
      const later = tt.json.data.sessions.filter((s) => s.state === 'bookable');
      const tomorrow = later.length
        ? later
        : (await call(caller, 'GET', '/api/venues/timetable-40/sessions')).json.data.sessions.filter(
            (s) => s.state === 'bookable',
          );
      const added = await call(caller, 'POST', '/api/cart/add', {
        items: [{ id: tomorrow[0].id, type: 'activity' }],
      });
      if (added.status !== 200) throw new Error(`could not fill the caller's basket: ${added.status}`);

      // Throughput next to a bare Fastify route serving the same bytes
      const loggedIn = { cookie: caller.cookie };
      const targets = [
        [
          'timetable, 1 day (guest)',
          `/api/venues/timetable-40/sessions?from=${data.today}&to=${data.today}`,
          {},
        ],
        ['timetable, 14 days (guest)', '/api/venues/timetable-40/sessions', {}],
        ['GET /api/cart (logged in)', '/api/cart', loggedIn],
        ['GET /api/auth/user (logged in)', '/api/auth/user', loggedIn],
      ];
      const files = [];
      for (const [, url, headers] of targets) {
        const res = await fetch(`${base}${url}`, { headers });
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        const file = path.join(target.tmp, `ref-${files.length}.json`);
        writeFileSync(file, Buffer.from(await res.arrayBuffer()));
        files.push(file);
      }
      const barePort = await freePort();
      const bare = await startProcess(
        [path.join(ROOT, 'scripts/bench/bare-server.mjs'), String(barePort), ...files],
        {},
        barePort,
        '/ready',
      );
      result.bareColdStartMs = bare.coldStartMs;
      result.bareRssIdle = procStatus(bare.child.pid).rss;
      result.throughput = [];
      try {
        for (const [n, [name, url, headers]] of targets.entries()) {
          const ours = [];
          const ref = [];
          for (let r = 0; r < RUNS; r++) {
            mark(`${n}-${r}`);
            ours.push(await autocannonRun(`${base}${url}`, headers, server.child.pid));
            mark(`${n}-${r}-end`);
            ref.push(await autocannonRun(`http://127.0.0.1:${barePort}/ref/${n}`, {}, bare.child.pid));
          }
          const row = {
            name,
            bytes: readFileSync(files[n]).length,
            reqPerSecond: median(ours.map((o) => o.rate)),
            bareReqPerSecond: median(ref.map((o) => o.rate)),
            cpuPerRequest: median(ours.map((o) => o.cpuPerRequest)),
            bareCpuPerRequest: median(ref.map((o) => o.cpuPerRequest)),
          };
          row.ratio = row.reqPerSecond / row.bareReqPerSecond;
          result.throughput.push(row);
          console.log(
            `${name.padEnd(32)} ${(row.bytes / 1024).toFixed(1).padStart(7)} kB  ${Math.round(row.reqPerSecond).toString().padStart(6)} req/s vs bare ${Math.round(row.bareReqPerSecond).toString().padStart(6)} = ${pct(row.ratio)}; server CPU ${row.cpuPerRequest.toFixed(2)} ms/req (bare ${row.bareCpuPerRequest.toFixed(3)})`,
          );
        }
      } finally {
        await stopProcess(bare.child);
      }

      // Timetable growth (sequential, one caller)
      result.growth = [];
      for (const venueSlug of ['timetable-4', 'timetable-40']) {
        for (const [days, query] of [
          [1, `?from=${data.today}&to=${data.today}`],
          [14, ''],
        ]) {
          const g = await sequentialLatency(`${base}/api/venues/${venueSlug}/sessions${query}`);
          result.growth.push({ perDay: Number(venueSlug.split('-')[1]), days, ...g });
        }
      }
      for (const g of result.growth)
        console.log(
          `timetable ${g.perDay}/day × ${g.days} d: ${(g.bytes / 1024).toFixed(1)} kB, p50 ${g.p50.toFixed(1)} ms`,
        );

      // GET /api/orders of a member with HISTORY_ORDERS orders: the first page, a late page, the largest page
      result.orders = [];
      for (const query of ['', '?page=40', '?per_page=100&page=10']) {
        const g = await sequentialLatency(`${base}/api/orders${query}`, 40, {
          cookie: `fh_csrf=${CSRF}; fh_session=${HISTORY_TOKEN}`,
        });
        result.orders.push({ query: query || '(page 1, 20 a page)', ...g });
        console.log(
          `GET /api/orders${query} (${HISTORY_ORDERS} orders): ${(g.bytes / 1024).toFixed(1)} kB, p50 ${g.p50.toFixed(1)} ms`,
        );
      }
    } finally {
      clearInterval(sampler);
      result.rssPeak = Math.max(rssMax, procStatus(server.child.pid).peak);
      await stopProcess(server.child);
    }
    console.log(`RSS after the rush ${mb(result.rssAfterRush)}, peak ${mb(result.rssPeak)}`);

    // Correctness: no session over capacity, counters = bookings, one charge per order
    const check = await openDatabase(target.config);
    try {
      const q = async (text) => {
        const r = await check.db.execute(text);
        return Array.isArray(r) ? r : r.rows;
      };
      const places = await q(`select s.id, s.capacity, s.booked_count,
          (select count(*)::int from bookings b where b.activity_session_id = s.id and b.status = 'booked') as booked
        from activity_sessions s where s.id in (${data.rushSessionIds.join(',')})`);
      const over = places.filter(
        (p) => Number(p.booked) > Number(p.capacity) || Number(p.booked) !== Number(p.booked_count),
      );
      const sold = places.reduce((sum, p) => sum + Number(p.booked), 0);
      const [charges] = await q(`select count(*)::int as charges,
          (select count(*)::int from orders o join customers c on c.id = o.customer_id where c.reference <> 'FH900001') as orders,
          (select count(*)::int from (select provider_charge_id from payments where provider_charge_id is not null
            group by provider_charge_id having count(distinct order_id) > 1) d) as doubled
        from sandbox_payment_intents where status = 'succeeded'`);
      result.sold = sold;
      result.overCapacity = over.length;
      result.charges = charges;
      console.log(
        `places sold ${sold} of ${SESSIONS * PLACES} (most that could be sold: ${result.mostSellable}); sessions over capacity or off count: ${over.length}; succeeded charges ${charges.charges}, orders ${charges.orders}, charges on two orders ${charges.doubled}`,
      );
      if (over.length || sold !== result.mostSellable) result.incorrect = true;
    } finally {
      await check.close();
    }
  } finally {
    await target.cleanup();
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------

function table(results) {
  const col = (f) => results.map(f).join(' | ');
  const head = `| measure | ${results.map((r) => r.kind).join(' | ')} |`;
  const sep = `|---|${results.map(() => '---|').join('')}`;
  const s = (r, k) => r.rush.steps[k];
  const rows = [
    ['checkouts per second in the rush (50 concurrent)', (r) => r.rush.checkoutsPerSecond.toFixed(1)],
    [
      'checkout p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'checkout').p50)} / ${ms(s(r, 'checkout').p95)} / ${ms(s(r, 'checkout').p99)}`,
    ],
    [
      'add to basket p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'add').p50)} / ${ms(s(r, 'add').p95)} / ${ms(s(r, 'add').p99)}`,
    ],
    [
      'GET cart p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'cart').p50)} / ${ms(s(r, 'cart').p95)} / ${ms(s(r, 'cart').p99)}`,
    ],
    [
      'card token p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'token').p50)} / ${ms(s(r, 'token').p95)} / ${ms(s(r, 'token').p99)}`,
    ],
    [
      'whole journey p50 / p95 / p99 ms',
      (r) => `${ms(s(r, 'journey').p50)} / ${ms(s(r, 'journey').p95)} / ${ms(s(r, 'journey').p99)}`,
    ],
    [
      'places sold / capacity / most sellable',
      (r) =>
        `${r.sold} / ${SESSIONS * PLACES} / ${r.mostSellable}${r.overCapacity ? ` (${r.overCapacity} OVER)` : ''}`,
    ],
    [
      'errors by step and status',
      (r) =>
        Object.entries(r.rush.errors)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || 'none',
    ],
    ['registrations per second', (r) => r.registrationsPerSecond.toFixed(1)],
    [
      'server process CPU ms per registration / per rush journey',
      (r) => `${r.registrationCpuMs.toFixed(1)} / ${r.rush.cpuMsPerJourney.toFixed(1)}`,
    ],
    ...[0, 1, 2, 3].map((i) => [
      `${results[0].throughput[i].name}: share of bare Fastify`,
      (r) =>
        `${pct(r.throughput[i].ratio)} (${Math.round(r.throughput[i].reqPerSecond)} / ${Math.round(r.throughput[i].bareReqPerSecond)} req/s, ${(r.throughput[i].bytes / 1024).toFixed(1)} kB; CPU ${r.throughput[i].cpuPerRequest.toFixed(2)} ms/req)`,
    ]),
    [
      'RSS idle / after rush / peak (bare Fastify idle)',
      (r) => `${mb(r.rssIdle)} / ${mb(r.rssAfterRush)} / ${mb(r.rssPeak)} (${mb(r.bareRssIdle)})`,
    ],
    [
      'cold start to first reply (bare Fastify)',
      (r) => `${(r.coldStartMs / 1000).toFixed(2)} s (${(r.bareColdStartMs / 1000).toFixed(2)} s)`,
    ],
    ...[0, 1, 2, 3].map((i) => [
      `timetable ${results[0].growth[i].perDay}/day × ${results[0].growth[i].days} d: size, sequential p50`,
      (r) => `${(r.growth[i].bytes / 1024).toFixed(1)} kB, ${r.growth[i].p50.toFixed(1)} ms`,
    ]),
    ...[0, 1, 2].map((i) => [
      `GET /api/orders ${results[0].orders[i].query}, ${HISTORY_ORDERS} orders: size, sequential p50`,
      (r) => `${(r.orders[i].bytes / 1024).toFixed(1)} kB, ${r.orders[i].p50.toFixed(1)} ms`,
    ]),
  ];
  return [head, sep, ...rows.map(([name, f]) => `| ${name} | ${col(f)} |`)].join('\n');
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
