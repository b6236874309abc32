#!/usr/bin/env node
// Cold start and idle memory, beside `npm run bench` (which measures them once per database among much else):
//   node scripts/bench/cold-start.mjs [runs]     (set DATABASE_URL for PostgreSQL, DATA_DIR for a PGlite folder)
// Alternates, `runs` times (default 3): the server from its sources (apps/api/src/main.ts), the built bundle
// (apps/api/dist/main.js, decision 044) and a bare Fastify process. Each is spawned with NODE_ENV=production and
// DEMO_MODE=false against an already migrated database; printed: spawn to the first 200 of its health route, and
// RSS 3 s later (from /proc). Run the server once before, so the database is migrated.
import path from 'node:path';
import { SERVER_NODE_OPTIONS, withServerEnv } from '../lib/server-node-options.mjs';
import { ROOT } from './config.mjs';
import { freePort, procStatus, sleep, startProcess, stopProcess } from './processes.mjs';

const runs = Number(process.argv[2] ?? 3);
const env = { NODE_ENV: 'production', DEMO_MODE: 'false', LOG_LEVEL: 'warn' };

async function measure(label, args, healthPath, port, extraEnv = {}) {
  const { child, coldStartMs } = await startProcess(
    args,
    { ...extraEnv, ...env, PORT: String(port) },
    port,
    healthPath,
  );
  await sleep(3000);
  const { rss } = procStatus(child.pid);
  await stopProcess(child);
  console.log(
    `${label.padEnd(28)} cold start ${(coldStartMs / 1000).toFixed(2)} s   RSS ${Math.round(rss / 1024)} MB`,
  );
}

console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${process.env.DATA_DIR ?? './data'})`}`,
);
for (let i = 0; i < runs; i++) {
  const port = await freePort();
  await measure('sources (src/main.ts)', [path.join(ROOT, 'apps/api/src/main.ts')], '/api/health', port);
  await measure(
    'bundle (dist/main.js)',
    [...SERVER_NODE_OPTIONS, path.join(ROOT, 'apps/api/dist/main.js')],
    '/api/health',
    port,
    withServerEnv(process.env),
  );
  await measure(
    'bare Fastify',
    [path.join(ROOT, 'scripts/bench/bare-server.mjs'), String(port)],
    '/ready',
    port,
  );
}
