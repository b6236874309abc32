// The scale bench's steps against the real server: staff search, a member's reads, the lists, each next
// to a bare Fastify route serving the same bytes in the same run.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { autocannonRun } from '../client.mjs';
import { CSRF, ROOT, RUNS } from '../config.mjs';
import { freePort, startProcess, stopProcess } from '../processes.mjs';
import { median, percentile } from '../stats.mjs';

/** p50/p95 of `count` sequential GETs (after 3 unmeasured), the reply's bytes and status. */
async function timed(urls, headers = {}, count = 30) {
  const times = [];
  let bytes = 0;
  let body = null;
  for (let i = 0; i < count + 3; i++) {
    const url = urls[i % urls.length];
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const buf = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${buf.toString().slice(0, 200)}`);
    if (i >= 3) times.push(performance.now() - t0);
    bytes = buf.length;
    body ??= buf;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, body };
}

/** A bare Fastify process serving `bodies` (Buffers) at /ref/<n>; resolves with its base URL and a stop(). */
export async function bareServer(tmp, bodies) {
  const files = bodies.map((b, i) => {
    const file = path.join(tmp, `scale-ref-${i}.json`);
    writeFileSync(file, b);
    return file;
  });
  const port = await freePort();
  const bare = await startProcess(
    [path.join(ROOT, 'scripts/bench/bare-server.mjs'), String(port), ...files],
    {},
    port,
    '/ready',
  );
  return { base: `http://127.0.0.1:${port}`, pid: bare.child.pid, stop: () => stopProcess(bare.child) };
}

/** Logs a staff administrator in; resolves with the cookie header. */
export async function staffLogin(base, email, password) {
  const res = await fetch(`${base}/api/staff/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `fh_csrf=${CSRF}`, 'x-csrf-token': CSRF },
    body: JSON.stringify({ email, password }),
  });
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('fh_staff_session='))
    ?.split(';')[0];
  if (res.status !== 200 || !session) throw new Error(`staff login: ${res.status} ${await res.text()}`);
  return `fh_csrf=${CSRF}; ${session}`;
}

/** Staff customer search: ~30 sequential GETs of each kind of query; reference: the bare route, same bytes. */
export async function staffSearch(base, tmp, staffCookie, queries) {
  const rows = [];
  for (const [name, qs] of queries) {
    const urls = qs.map((q) => `${base}/api/staff/desk/customers?q=${encodeURIComponent(q)}`);
    const r = await timed(urls, { cookie: staffCookie });
    const found = JSON.parse(r.body.toString()).data.length;
    rows.push({ name, ...r, found });
  }
  const bare = await bareServer(
    tmp,
    rows.map((r) => r.body),
  );
  try {
    for (const [n, row] of rows.entries()) {
      const ref = await timed([`${bare.base}/ref/${n}`]);
      row.refP50 = ref.p50;
      console.log(
        `staff search, ${row.name.padEnd(22)} ${String(row.found).padStart(3)} found, ${(row.bytes / 1024).toFixed(1)} kB: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (bare ${ref.p50.toFixed(2)} ms)`,
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/** Throughput (autocannon, median of RUNS runs) of each read next to the bare route serving its bytes. */
export async function memberReads(base, tmp, pid, targets) {
  const bodies = [];
  for (const [, url, headers] of targets) {
    const res = await fetch(`${base}${url}`, { headers });
    const buf = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${buf.toString().slice(0, 200)}`);
    bodies.push(buf);
  }
  const bare = await bareServer(tmp, bodies);
  const rows = [];
  try {
    for (const [n, [name, url, headers]] of targets.entries()) {
      const ours = [];
      const ref = [];
      for (let r = 0; r < RUNS; r++) {
        ours.push(await autocannonRun(`${base}${url}`, headers, pid));
        ref.push(await autocannonRun(`${bare.base}/ref/${n}`, {}, bare.pid));
      }
      const row = {
        name,
        bytes: bodies[n].length,
        rate: median(ours.map((o) => o.rate)),
        refRate: median(ref.map((o) => o.rate)),
        cpuPerRequest: median(ours.map((o) => o.cpuPerRequest)),
      };
      rows.push(row);
      console.log(
        `${name.padEnd(36)} ${(row.bytes / 1024).toFixed(1).padStart(7)} kB ${Math.round(row.rate).toString().padStart(6)} req/s vs bare ${Math.round(row.refRate).toString().padStart(6)} = ${((100 * row.rate) / row.refRate).toFixed(1)} %; server CPU ${row.cpuPerRequest.toFixed(2)} ms/req`,
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/** The lists' first pages: reply size and sequential p50, next to the bare route. */
export async function lists(base, tmp, targets) {
  const rows = [];
  for (const [name, url, headers] of targets) {
    const r = await timed([`${base}${url}`], headers, 20);
    rows.push({ name, ...r });
  }
  const bare = await bareServer(
    tmp,
    rows.map((r) => r.body),
  );
  try {
    for (const [n, row] of rows.entries()) {
      row.refP50 = (await timed([`${bare.base}/ref/${n}`], {}, 20)).p50;
      console.log(
        `${row.name.padEnd(30)} ${(row.bytes / 1024).toFixed(1)} kB, p50 ${row.p50.toFixed(1)} ms (bare ${row.refP50.toFixed(2)} ms)`,
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}
