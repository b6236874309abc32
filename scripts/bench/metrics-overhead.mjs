#!/usr/bin/env node
// What the request metrics cost (decision 066): the built server with metrics off and with METRICS_TOKEN set (every
// request then timed by route into a histogram, the checkout calls counted), side by side on PGlite in memory,
// next to the bare Fastify reference serving the same bytes. Autocannon (20 connections), the three interleaved,
// median of --runs runs of --seconds each; server CPU per request from /proc (less sensitive to a loaded machine).
// Not part of npm test: `node_modules/.bin/node scripts/bench/metrics-overhead.mjs [--runs 6] [--seconds 3]` (Node 24;
// build first). BENCH_CONTROL=1 runs both servers without metrics (the noise); BENCH_ROUTES=/a,/b picks the routes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_OPTIONS, withServerEnv } from '../lib/server-node-options.mjs';
import { autocannonRun } from './client.mjs';
import { ROOT, RUNS, SECONDS } from './config.mjs';
import { freePort, startProcess, stopProcess } from './processes.mjs';
import { median } from './stats.mjs';

const TOKEN = 'bench-metrics-token-0123456789';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fh-metrics-bench-'));
const server = async (extraEnv) => {
  const port = await freePort();
  const { child } = await startProcess(
    [...SERVER_NODE_OPTIONS, path.join(ROOT, 'apps/api/dist/main.js')],
    {
      ...withServerEnv(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DEMO_MODE: 'false',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'error',
      ...extraEnv,
    },
    port,
    '/api/health/ready',
  );
  return { child, base: `http://127.0.0.1:${port}` };
};

const off = await server({});
// BENCH_CONTROL=1: both without metrics (the noise between two identical processes).
const control = Boolean(process.env.BENCH_CONTROL);
const on = await server(control ? {} : { METRICS_TOKEN: TOKEN });
const routes = (process.env.BENCH_ROUTES ?? '/api/health,/api/health/ready').split(',');
const files = [];
for (const url of routes) {
  const file = path.join(tmp, `ref-${files.length}.json`);
  writeFileSync(file, Buffer.from(await (await fetch(`${off.base}${url}`)).arrayBuffer()));
  files.push(file);
}
const barePort = await freePort();
const bare = await startProcess(
  [path.join(ROOT, 'scripts/bench/bare-server.mjs'), String(barePort), ...files],
  {},
  barePort,
  '/ready',
);
try {
  const metrics = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (metrics.status !== (control ? 404 : 200)) throw new Error(`/metrics answered ${metrics.status}`);
  console.log(`${RUNS} runs of ${SECONDS} s, 20 connections, interleaved; medians`);
  for (const [n, url] of routes.entries()) {
    const runs = { off: [], on: [], bare: [] };
    for (let r = 0; r < RUNS; r++) {
      // Each first in turn (the machine's load drifts).
      const pair = [
        ['off', off],
        ['on', on],
      ];
      for (const [k, s] of r % 2 ? pair.reverse() : pair)
        runs[k].push(await autocannonRun(`${s.base}${url}`, {}, s.child.pid));
      runs.bare.push(await autocannonRun(`http://127.0.0.1:${barePort}/ref/${n}`, {}, bare.child.pid));
    }
    const rate = (k) => median(runs[k].map((x) => x.rate));
    const cpu = (k) => median(runs[k].map((x) => x.cpuPerRequest));
    console.log(
      `${url.padEnd(20)} req/s: off ${Math.round(rate('off'))}, on ${Math.round(rate('on'))} ` +
        `(on/off ${((rate('on') / rate('off')) * 100).toFixed(1)} %), bare ${Math.round(rate('bare'))} ` +
        `(off/bare ${((rate('off') / rate('bare')) * 100).toFixed(1)} %, on/bare ${((rate('on') / rate('bare')) * 100).toFixed(1)} %); ` +
        `server CPU µs/req: off ${(cpu('off') * 1000).toFixed(0)}, on ${(cpu('on') * 1000).toFixed(0)} ` +
        `(on/off ${((cpu('on') / cpu('off')) * 100).toFixed(1)} %), bare ${(cpu('bare') * 1000).toFixed(0)}`,
    );
  }
  if (!control) {
    const text = await (
      await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    console.log(`/metrics after the runs: ${text.length} bytes, ${text.split('\n').length} lines`);
  }
} finally {
  await stopProcess(off.child);
  await stopProcess(on.child);
  await stopProcess(bare.child);
  rmSync(tmp, { recursive: true, force: true });
}
