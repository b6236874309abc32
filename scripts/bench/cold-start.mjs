#!/usr/bin/env node
// Cold start and idle memory, beside `npm run bench` (which measures them once per database among much else):
//   node scripts/bench/cold-start.mjs [runs]     (set DATABASE_URL for PostgreSQL, DATA_DIR for a PGlite folder)
// Alternates, `runs` times (default 3): the server from its sources (apps/api/src/main.ts), the built bundle
// (apps/api/dist/main.js, decision 044) and a bare Fastify process. Each is spawned with NODE_ENV=production and
// DEMO_MODE=false against an already migrated database; printed: spawn to the first 200 of its health route, and
// RSS 3 s later (from /proc). Run the server once before, so the database is migrated.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const port = 4611;

async function measure(label, args, healthPath) {
  const env = {
    ...process.env,
    PORT: String(port),
    NODE_ENV: 'production',
    DEMO_MODE: 'false',
    LOG_LEVEL: 'warn',
  };
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}${healthPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  const rssKb = Number(readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]);
  child.kill();
  await new Promise((r) => child.once('exit', r));
  console.log(`${label.padEnd(28)} cold start ${seconds.toFixed(2)} s   RSS ${Math.round(rssKb / 1024)} MB`);
}

console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${process.env.DATA_DIR ?? './data'})`}`,
);
for (let i = 0; i < runs; i++) {
  await measure('sources (src/main.ts)', [path.join(root, 'apps/api/src/main.ts')], '/api/health');
  await measure('bundle (dist/main.js)', [path.join(root, 'apps/api/dist/main.js')], '/api/health');
  await measure('bare Fastify', [path.join(root, 'scripts/bench/bare-server.mjs'), String(port)], '/ready');
}
