// `npm run bench -- --scale [--venues 250] [--members 10000,100000] [--steps a,b] [--generation-venues N]
//   [--limit S] [--keep] [--runs N] [--seconds N] [--customers N]` (issue 34; docs/performance.md, 'Scale bench').
// `--orders N --bookings N [--check-ins N] [--report-runs N]` (issue 37; docs/performance.md, 'Reports at scale'):
// after the members, a year of trading for the reports (report-data.mjs) and the step 'reports' (reports.mjs).
// `npm run bench -- --reports` is `--scale --steps reports --orders 1000000 --bookings 5000000 --members 100000`.
//
// PostgreSQL only (BENCH_DATABASE_URL's server, else 127.0.0.1:5432). For each member count, a fresh database
// (dropped afterwards unless --keep): the operator's catalogue (N venues, generated in code) imported with the
// project's catalogue service, M members made set-based (members.mjs), then each step next to its reference:
//   import      the catalogue's first import (empty database) and, after the members, an unchanged re-import
//   generation  runTimetableGeneration on the unchanged timetable    ref: rules × dates matched with the sessions
//   collections collectDuePayments (sandbox provider)                ref: INSERT … SELECT of the due payments
//   attendance  markUnmarkedUnattended                               ref: the same UPDATE as one statement
//   search      staff customer search (real server), six kinds of query, p50/p95 of 30    ref: bare Fastify
//   reads       a member's reads, logged in and as a guest (autocannon)                   ref: bare Fastify
//   lists       first pages of GET /api/venues (by name, near a point, q), the pins, the   ref: bare Fastify
//               staff approvals queue: bytes and p50
//   rush        registrations and a booking rush (scripts/bench/rush.mjs) and its check of the database
//   reports     each report's service for one month, N calls, p50/p95      ref: its statements run alone
// The plans (EXPLAIN (ANALYZE, BUFFERS)) of the statements each job, the search and the bookings read send go to
// docs/bench/scale-plans-<venues>x<members>.txt; a Seq Scan of a table that grows with members is flagged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runStaffCommand } from '../../../apps/api/src/cli/staff-command.ts';
import { openDatabase } from '../../../apps/api/src/db/client.ts';
import { hashPassword } from '../../../apps/api/src/lib/password.ts';
import { hashToken } from '../../../apps/api/src/lib/tokens.ts';
import { findBookings } from '../../../apps/api/src/services/bookings/booking-service.ts';
import { searchCustomers } from '../../../apps/api/src/services/staff/desk/search.ts';
import { buildIfStale } from '../../build-if-stale.mjs';
import { SERVER_NODE_OPTIONS, withServerEnv } from '../../lib/server-node-options.mjs';
import { portAnswers } from '../../lib/test-postgres.mjs';
import { makeClient } from '../client.mjs';
import {
  CSRF,
  CUSTOMERS,
  PASSWORD,
  PLACES,
  ROOT,
  RUNS,
  SECONDS,
  SERVER_NODE_ARGS,
  SESSIONS,
} from '../config.mjs';
import { freePort, procStatus, sleep, startProcess, stopProcess } from '../processes.mjs';
import { checkDatabase, registration, rush } from '../rush.mjs';
import { scaleCatalogue } from './catalogue.mjs';
import { lists, memberReads, staffLogin, staffSearch } from './http.mjs';
import { attendanceStep, collectionsStep, generationStep, importStep, quietLog } from './jobs.mjs';
import { makeMembers, tableCounts } from './members.mjs';
import { capture, explainAll, plansText } from './plans.mjs';
import { makeReportData } from './report-data.mjs';
import { reportsStep, reportsTable } from './reports.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const REPORTS = process.argv.includes('--reports');
const count = (v) => Number(String(v).replace(/k$/i, '000').replace(/m$/i, '000000'));
const VENUES = Number(arg('venues', 250));
const MEMBERS = String(arg('members', REPORTS ? '100000' : '10000,100000'))
  .split(',')
  .map((m) => Number(m.replace(/k$/i, '000').replace(/m$/i, '000000')));
const ALL_STEPS = ['import', 'generation', 'collections', 'attendance', 'search', 'reads', 'lists', 'rush'];
const ORDERS = count(arg('orders', REPORTS ? 1_000_000 : 0));
const BOOKINGS = count(arg('bookings', REPORTS ? 5_000_000 : 0));
const CHECK_INS = count(arg('check-ins', Math.round(BOOKINGS / 2)));
const REPORT_RUNS = Number(arg('report-runs', 10));
const STEPS = new Set(
  arg(
    'steps',
    REPORTS ? 'reports' : [...ALL_STEPS, ...(ORDERS || BOOKINGS ? ['reports'] : [])].join(','),
  ).split(','),
);
const GENERATION_VENUES = Number(arg('generation-venues', 0));
const LIMIT = Number(arg('limit', 1200));
const KEEP = process.argv.includes('--keep');
const STAFF_EMAIL = 'scale-admin@scale.test';
const STAFF_PASSWORD = 'Scale-bench-Passw0rd!';
const MEMBER_TOKEN = 'scale-bench-member-session-token';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A connection of its own (an error on it while idle is left to the next query to report). */
async function connect(connectionString) {
  const c = new pg.Client({ connectionString });
  c.on('error', () => {});
  await c.connect();
  return c;
}

async function admin(text, url = adminUrl) {
  const c = await connect(url);
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function one(members, catalogue) {
  console.log(`\n== ${VENUES} venues × ${members.toLocaleString('en-GB')} members ==`);
  const name = `fh_scale_${process.pid}_${members}`;
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target = {
    url: url.toString(),
    config: { kind: 'postgres', url: url.toString() },
    tmp: mkdtempSync(path.join(os.tmpdir(), 'fh-scale-')),
  };
  const r = { members, venues: VENUES, rows: [], plans: [] };
  const row = (step, result, ref, ratio) => {
    r.rows.push({ step, result, ref, ratio });
  };
  try {
    const database = await openDatabase(target.config, { logger: quietLog });
    await database.migrate();
    await database.close();

    // The operator, then its members
    const first = await importStep(target, 'catalogue import (first)', catalogue.text, LIMIT);
    r.import = first;
    let c = await connect(target.url);
    const [{ id: clientId }] = (await c.query(`select id from clients where slug = 'scale-leisure'`)).rows;
    const passwordHash = await hashPassword(PASSWORD);
    console.log(`members (${members.toLocaleString('en-GB')}), set-based:`);
    const made = await makeMembers(c, { clientId, members, passwordHash });
    r.made = made;
    console.log(`rows: ${JSON.stringify(made.counts)}`);
    row('making the members (set-based SQL)', `${made.seconds.toFixed(0)} s`, '', '');
    if (ORDERS || BOOKINGS) {
      console.log(
        `report data (${fmt(ORDERS)} orders, ${fmt(BOOKINGS)} bookings, ${fmt(CHECK_INS)} check-ins), set-based:`,
      );
      const data = await makeReportData(c, {
        clientId,
        orders: ORDERS,
        bookings: BOOKINGS,
        checkIns: CHECK_INS,
      });
      r.reportData = { ...data, counts: await tableCounts(c) };
      console.log(`rows: ${JSON.stringify(r.reportData.counts)}`);
      row(
        `making a year of trading (${fmt(ORDERS)} orders, ${fmt(BOOKINGS)} bookings; set-based SQL)`,
        `${data.seconds.toFixed(0)} s`,
        '',
        '',
      );
    }
    await c.end(); // not held idle through the steps
    if (STEPS.has('import')) {
      row(
        'catalogue import, first (empty database)',
        `${first.seconds.toFixed(1)} s, CPU ${first.cpuSeconds.toFixed(1)} s, ${first.stats.written} rows written, peak RSS ${Math.round(first.rssPeakMb)} MB`,
        '',
        '',
      );
      const again = await importStep(target, 'catalogue re-import (unchanged)', catalogue.text, LIMIT);
      r.reimport = again;
      row(
        'catalogue re-import, unchanged (with the members)',
        again.cancelled
          ? `> ${LIMIT} s (cancelled)`
          : `${again.seconds.toFixed(1)} s, CPU ${again.cpuSeconds.toFixed(1)} s, ${again.stats.written} rows written, ${again.statements} statements`,
        `first import ${first.seconds.toFixed(1)} s`,
        again.cancelled ? '' : `${(again.seconds / first.seconds).toFixed(2)}×`,
      );
    }
    if (STEPS.has('generation')) {
      const venueIds = GENERATION_VENUES
        ? (
            await admin(
              `select id from venues where client_id = ${Number(clientId)} order by id limit ${GENERATION_VENUES}`,
              target.url,
            )
          ).rows.map((v) => v.id)
        : null;
      const { m, ref } = await generationStep(target, clientId, venueIds, LIMIT);
      r.plans.push(...m.plans);
      row(
        `timetable generation, unchanged (${venueIds ? `${venueIds.length} venues` : `all ${VENUES} venues`})`,
        m.cancelled
          ? `> ${LIMIT} s (cancelled)`
          : `${m.seconds.toFixed(1)} s, CPU ${m.cpuSeconds.toFixed(1)} s, ${m.statements} statements, ${fmt(m.stats.returned + m.stats.fetched)} rows read, ${JSON.stringify(m.result)}`,
        `${ref.seconds.toFixed(2)} s, ${fmt(ref.stats.returned + ref.stats.fetched)} rows read`,
        m.cancelled ? '' : `${(m.seconds / ref.seconds).toFixed(0)}×`,
      );
    }
    if (STEPS.has('collections')) {
      const { m, ref } = await collectionsStep(target, LIMIT);
      r.plans.push(...m.plans);
      row(
        'direct-debit collections (collectDuePayments)',
        m.cancelled
          ? `> ${LIMIT} s (cancelled)`
          : `${m.result.asked} asked in ${m.seconds.toFixed(1)} s, ${m.stats.commits} commits, ${m.statements} statements`,
        `${ref.rows} rows in ${ref.seconds.toFixed(2)} s`,
        m.cancelled ? '' : `${(m.seconds / ref.seconds).toFixed(0)}×`,
      );
    }
    if (STEPS.has('reports')) {
      const result = await reportsStep(target, { clientId, runs: REPORT_RUNS });
      r.plans.push(...result.plans);
      r.reports = result;
      console.log(`\n${reportsTable(result)}\n`);
      for (const x of result.rows)
        row(
          `report: ${x.report}`,
          `p50 ${x.p50.toFixed(0)} ms, p95 ${x.p95.toFixed(0)} ms`,
          `SQL alone p50 ${x.aloneP50.toFixed(0)} ms`,
          `${(x.p50 / x.aloneP50).toFixed(2)}×`,
        );
    }
    if (STEPS.has('attendance')) {
      const { m, ref } = await attendanceStep(target, LIMIT);
      r.plans.push(...m.plans);
      row(
        'attendance rule (markUnmarkedUnattended)',
        `${m.marked} marked in ${m.seconds.toFixed(2)} s, ${fmt(m.stats.returned + m.stats.fetched)} rows read`,
        `${ref.rows} rows in ${ref.seconds.toFixed(2)} s, ${fmt(ref.stats.returned + ref.stats.fetched)} rows read`,
        `${(m.seconds / ref.seconds).toFixed(1)}×`,
      );
    }

    // A member to read as (a monthly member with bookings), the staff account, the rush's sessions
    c = await connect(target.url);
    const [member] = (
      await c.query(`select c.id, c.reference, c.email, c.home_venue_id, v.slug venue
        from customers c join memberships m on m.customer_id = c.id and m.mandate_id is not null
        join venues v on v.id = c.home_venue_id
        where c.id >= (select min(id) + (max(id) - min(id)) / 2 from customers)
        order by c.id limit 1`)
    ).rows;
    await c.query(
      `insert into auth_sessions (customer_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
      [member.id, hashToken(MEMBER_TOKEN)],
    );
    const [counts] = (
      await c.query(
        `select (select count(*)::int from bookings where customer_id = $1) bookings,
          (select count(*)::int from orders where customer_id = $1) orders`,
        [member.id],
      )
    ).rows;
    console.log(
      `member read as: ${member.reference} (${counts.bookings} bookings, ${counts.orders} orders), venue ${member.venue}`,
    );
    const sample = (
      await c.query(
        `select c.reference, c.email, c.first_name, c.last_name, m.billing_postcode
        from customers c left join direct_debit_mandates m on m.customer_id = c.id
        where c.client_id = $1 and m.id is not null and c.id % 97 = 0 order by c.id limit 30`,
        [clientId],
      )
    ).rows;
    const rushIds = (
      await c.query(
        `insert into activity_sessions (activity_id, venue_id, starts_at, ends_at, capacity, price, location_name)
         select a.id, a.venue_id, t, t + interval '45 minutes', $2, 650, 'Rush studio'
         from (select * from activities where venue_id = (select min(id) from venues where client_id = $1) order by id limit 1) a
         cross join generate_series(date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days' + ($3 - 1) * interval '15 minutes', interval '15 minutes') t
         returning id`,
        [clientId, PLACES, SESSIONS],
      )
    ).rows.map((s) => s.id);
    const staffDb = await openDatabase(target.config, { logger: quietLog });
    await runStaffCommand(
      staffDb.db,
      [
        'add',
        '--email',
        STAFF_EMAIL,
        '--name',
        'Scale Admin',
        '--role',
        'administrator',
        '--password',
        STAFF_PASSWORD,
      ],
      () => {},
    );
    const searches = [
      ['customer number', sample.map((s) => s.reference)],
      ['exact email', sample.map((s) => s.email)],
      ['postcode', sample.map((s) => s.billing_postcode)],
      ['surname', sample.map((s) => s.last_name)],
      ['two name words', sample.map((s) => `${s.first_name} ${s.last_name}`)],
      ['two letters', ['an', 'el', 'ar', 'ha', 'mo', 'li']],
    ];
    // The plans of the reads the server makes, from the same service functions in this process
    if (STEPS.has('search')) {
      const { statements } = await capture(async () => {
        for (const [, qs] of searches) await searchCustomers(staffDb.db, { clientId, q: qs[0] });
      });
      r.plans.push(...(await explainAll(target.url, 'staff search', statements, { limit: 6 })));
    }
    if (STEPS.has('reads')) {
      const { statements } = await capture(() => findBookings(staffDb.db, member.id, {}, new Date()));
      r.plans.push(...(await explainAll(target.url, 'member bookings read', statements, { limit: 3 })));
    }
    await staffDb.close();
    await c.end();

    if (['search', 'reads', 'lists', 'rush'].some((s) => STEPS.has(s)))
      await serverSteps(target, r, row, {
        clientId,
        member,
        searches,
        rushIds,
      });
  } finally {
    rmSync(target.tmp, { recursive: true, force: true });
    if (KEEP) console.log(`kept the database ${target.url}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
  return r;
}

async function serverSteps(target, r, row, { clientId, member, searches, rushIds }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [...SERVER_NODE_OPTIONS, ...SERVER_NODE_ARGS, path.join(ROOT, 'apps/api/dist/main.js')],
    {
      ...withServerEnv(process.env),
      DATABASE_URL: target.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      NODE_ENV: 'production',
      CLIENT_ID: String(clientId),
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_DIR: path.join(target.tmp, 'files'),
    },
    port,
    '/api/health',
  );
  const pid = server.child.pid;
  try {
    console.log(`server up in ${(server.coldStartMs / 1000).toFixed(1)} s; waiting for its start-up jobs`);
    const jobs = await startupJobs(target.url);
    r.startupJobs = jobs;
    row('server start-up jobs (generation, scheduled changes)', jobs.summary, '', '');

    const memberCookie = `fh_csrf=${CSRF}; fh_session=${MEMBER_TOKEN}`;
    const login = await fetch(`${base}/api/auth/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `fh_csrf=${CSRF}`, 'x-csrf-token': CSRF },
      body: JSON.stringify({ username: member.reference, password: PASSWORD }),
    });
    await login.arrayBuffer();
    console.log(`member login with the shared password hash: ${login.status}`);
    const staffCookie = await staffLogin(base, STAFF_EMAIL, STAFF_PASSWORD);

    if (STEPS.has('search')) {
      const rows = await staffSearch(base, target.tmp, staffCookie, searches);
      r.search = rows;
      for (const s of rows)
        row(
          `staff search: ${s.name} (${s.found} found)`,
          `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`,
          `${s.refP50.toFixed(2)} ms`,
          `${(s.p50 / s.refP50).toFixed(0)}×`,
        );
    }
    if (STEPS.has('reads')) {
      const loggedIn = { cookie: memberCookie };
      const slug = member.venue;
      const rows = await memberReads(base, target.tmp, pid, [
        ['GET /api/auth/user', '/api/auth/user', loggedIn],
        ['GET /api/cart', '/api/cart', loggedIn],
        ['GET /api/bookings?filter=future', '/api/bookings?filter=future', loggedIn],
        ['GET /api/bookings?filter=past', '/api/bookings?filter=past', loggedIn],
        ['GET /api/orders', '/api/orders', loggedIn],
        ['timetable 14 days (logged in)', `/api/venues/${slug}/sessions`, loggedIn],
        ['timetable 14 days (guest)', `/api/venues/${slug}/sessions`, {}],
      ]);
      r.reads = rows;
      for (const x of rows)
        row(
          `${x.name} (${(x.bytes / 1024).toFixed(1)} kB)`,
          `${Math.round(x.rate)} req/s, CPU ${x.cpuPerRequest.toFixed(2)} ms/req`,
          `${Math.round(x.refRate)} req/s`,
          `${((100 * x.rate) / x.refRate).toFixed(1)} %`,
        );
    }
    if (STEPS.has('lists')) {
      // The paged lists' first pages (decision 069; approvals 25 a page), and the map's pins (every venue, shared).
      const rows = await lists(base, target.tmp, [
        ['GET /api/venues', '/api/venues', {}],
        ['GET /api/venues near Leeds', '/api/venues?lat=53.8&lng=-1.55&radius=10', {}],
        ['GET /api/venues?q=leeds', '/api/venues?q=leeds&per_page=10', {}],
        ['GET /api/venue-pins', '/api/venue-pins', {}],
        ['GET /api/staff/approvals', '/api/staff/approvals', { cookie: staffCookie }],
      ]);
      r.lists = rows;
      for (const x of rows)
        row(
          `${x.name} (${x.name.includes('pins') ? 'every venue' : 'first page'})`,
          `${(x.bytes / 1024).toFixed(1)} kB, p50 ${x.p50.toFixed(1)} ms`,
          `${x.refP50.toFixed(2)} ms`,
          `${(x.p50 / x.refP50).toFixed(0)}×`,
        );
    }
    if (STEPS.has('rush')) {
      const result = {};
      const call = makeClient(base);
      const data = { clientId, rushSessionIds: rushIds };
      const ready = await registration(call, pid, data, result);
      await rush(call, pid, data, ready, result);
      await checkDatabase(target, data, result);
      r.rush = result;
      const ck = result.rush.steps.checkout;
      row(
        `registration (${CUSTOMERS})`,
        `${result.registrationsPerSecond.toFixed(1)}/s, p50 ${Math.round(result.registration.p50)} ms, p99 ${Math.round(result.registration.p99)} ms`,
        '',
        '',
      );
      row(
        `booking rush (${CUSTOMERS} members, ${SESSIONS} × ${PLACES} places)`,
        `${result.rush.checkoutsPerSecond.toFixed(1)} checkouts/s, checkout p50/p99 ${Math.round(ck.p50)}/${Math.round(ck.p99)} ms; sold ${result.sold} of ${result.mostSellable} sellable, ${result.overCapacity} over capacity`,
        '',
        result.incorrect ? 'INCORRECT' : 'correct',
      );
      if (result.incorrect) process.exitCode = 1;
    }
    r.rssPeak = procStatus(pid).peak;
  } finally {
    await stopProcess(server.child);
  }
}

/** Waits (up to LIMIT s) for the server's start-up jobs; their durations as pg-boss recorded them. */
async function startupJobs(url) {
  const c = await connect(url);
  const t0 = performance.now();
  try {
    for (;;) {
      const { rows } = await c.query(
        `select name, state, extract(epoch from coalesce(completed_on, now()) - started_on)::float seconds
         from pgboss.job where name = 'timetable-generation' or name like 'scheduled-%' order by name, created_on`,
      );
      const busy = rows.filter((j) => ['created', 'retry', 'active'].includes(j.state));
      const generation = rows.find((j) => j.name === 'timetable-generation');
      if (
        (generation &&
          !busy.some((j) => j.name === 'timetable-generation') &&
          busy.every((j) => j.state !== 'active')) ||
        performance.now() - t0 > LIMIT * 1000
      ) {
        const slowest = rows
          .filter((j) => j.seconds !== null)
          .sort((a, b) => b.seconds - a.seconds)
          .slice(0, 3)
          .map((j) => `${j.name} ${j.seconds.toFixed(1)} s (${j.state})`);
        const summary = `waited ${((performance.now() - t0) / 1000).toFixed(0)} s; slowest: ${slowest.join(', ')}`;
        console.log(`start-up jobs: ${summary}`);
        return { summary, rows };
      }
      await sleep(1000);
    }
  } catch (err) {
    return { summary: `not read (${err.message})`, rows: [] };
  } finally {
    await c.end();
  }
}

const fmt = (n) => Number(n).toLocaleString('en-GB');

function summaryTable(r) {
  const lines = [
    `| step (${r.venues} venues × ${r.members.toLocaleString('en-GB')} members) | result | reference | ratio |`,
    '|---|---|---|---|',
    ...r.rows.map((x) => `| ${x.step} | ${x.result} | ${x.ref} | ${x.ratio} |`),
  ];
  return lines.join('\n');
}

/** One row per step, one column per member count: the result (its ratio to the reference). */
function growthTable(results) {
  const steps = [...new Set(results.flatMap((r) => r.rows.map((x) => x.step.replace(/ \(\d+ found\)/, ''))))];
  const cell = (r, step) => {
    const x = r.rows.find((y) => y.step.replace(/ \(\d+ found\)/, '') === step);
    return x ? `${x.result}${x.ratio ? ` (${x.ratio})` : ''}` : '';
  };
  return [
    `| step | ${results.map((r) => `${r.members.toLocaleString('en-GB')} members`).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    ...steps.map((s) => `| ${s} | ${results.map((r) => cell(r, s)).join(' | ')} |`),
  ].join('\n');
}

/**
 * `--reports --database <url>`: the report bench alone on a database a `--keep` run left (its year of trading
 * already made), so a change to a report is measured without generating the data again.
 */
async function reportsOnKept(url) {
  const c = await connect(url);
  const [{ id: clientId }] = (await c.query(`select id from clients where slug = 'scale-leisure'`)).rows;
  const counts = await tableCounts(c);
  await c.end();
  console.log(`report bench on ${new URL(url).pathname.slice(1)}: ${JSON.stringify(counts)}`);
  const target = { url, config: { kind: 'postgres', url } };
  const result = await reportsStep(target, { clientId, runs: REPORT_RUNS });
  console.log(`\n${reportsTable(result)}\n`);
  const file = path.join(ROOT, 'docs/bench', `report-plans-${new URL(url).pathname.slice(1)}.txt`);
  writeFileSync(
    file,
    `EXPLAIN (ANALYZE, BUFFERS) of the statements the report bench sent (npm run bench -- --reports --database …)\n${JSON.stringify(counts)}\n\n${plansText(result.plans)}`,
  );
  console.log(`plans: ${path.relative(ROOT, file)}`);
}

export async function runScale() {
  if (arg('database')) return reportsOnKept(arg('database'));
  const u = new URL(adminUrl);
  if (!(await portAnswers(u.hostname, Number(u.port || 5432)))) {
    console.error(`The scale bench needs PostgreSQL: nothing answers at ${u.host} (BENCH_DATABASE_URL).`);
    process.exitCode = 1;
    return;
  }
  if (['search', 'reads', 'lists', 'rush'].some((s) => STEPS.has(s))) buildIfStale();
  const started = performance.now();
  const catalogue = scaleCatalogue(VENUES);
  const sessionsPerWeek = catalogue.value.timetable.reduce((n, t) => n + t.weekly.length, 0);
  console.log(
    `npm run bench -- --scale: ${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 1073741824)} GB RAM, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${VENUES} venues (${catalogue.value.activities.length} activities, ${sessionsPerWeek} classes a week, ${catalogue.value.membership_types.length} membership types), members ${MEMBERS.join(', ')}; steps ${[...STEPS].join(',')}; autocannon ${RUNS} × ${SECONDS} s`,
  );
  const [{ server_version: version }] = (await admin('show server_version')).rows;
  const [{ shared_buffers: buffers }] = (await admin('show shared_buffers')).rows;
  console.log(`PostgreSQL ${version}, shared_buffers ${buffers}`);
  const results = [];
  for (const members of MEMBERS) {
    const r = await one(members, catalogue);
    results.push(r);
    console.log(`\n${summaryTable(r)}\n`);
    if (r.plans.length) {
      const dir = path.join(ROOT, 'docs/bench');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `scale-plans-${VENUES}x${members}.txt`);
      writeFileSync(
        file,
        `EXPLAIN (ANALYZE, BUFFERS) of the statements the scale bench's steps sent, ${VENUES} venues × ${members} members (npm run bench -- --scale)\n\n${plansText(r.plans)}`,
      );
      console.log(`plans: ${path.relative(ROOT, file)}`);
      for (const p of r.plans)
        console.log(
          `  ${p.label}: ${p.text.replace(/\s+/g, ' ').slice(0, 90)}… ${Number.isNaN(p.ms) ? '?' : p.ms.toFixed(1)} ms × ${p.count}${p.seqScans.length ? `  SEQ SCAN ${p.seqScans.join(', ')}` : ''}`,
        );
    }
  }
  if (results.length > 1) console.log(`\nGrowth:\n\n${growthTable(results)}\n`);
  console.log(`scale bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
