// Reads next to the rush: throughput next to a bare Fastify route, timetable growth and a long order history.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { autocannonRun, sequentialLatency } from './client.mjs';
import { CSRF, HISTORY_ORDERS, HISTORY_TOKEN, mark, ROOT, RUNS } from './config.mjs';
import { freePort, procStatus, startProcess, stopProcess } from './processes.mjs';
import { median, pct } from './stats.mjs';

/** A logged-in member (`caller`) with one line in the basket (a timetable session with room). */
export async function fillBasket(call, caller, data) {
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
}

/**
 * Throughput (autocannon, median of RUNS runs) of the guest timetable for 1 and 14 days, and of GET /api/cart and
 * GET /api/auth/user as `caller`, next to a bare Fastify route serving the same bytes; `pid` is the server's.
 */
export async function throughput(base, target, pid, caller, data, result) {
  const loggedIn = { cookie: caller.cookie };
  const targets = [
    ['timetable, 1 day (guest)', `/api/venues/timetable-40/sessions?from=${data.today}&to=${data.today}`, {}],
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
        ours.push(await autocannonRun(`${base}${url}`, headers, pid));
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
}

/** Timetable growth (sequential, one caller): 1 and 14 days at 4 and 40 sessions a day. */
export async function growth(base, data, result) {
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
}

/** GET /api/orders of a member with HISTORY_ORDERS orders: the first page, a late page, the largest page. */
export async function orders(base, result) {
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
}
