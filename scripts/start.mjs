#!/usr/bin/env node
// `npm start`: build the web app and the server if their builds are missing or older than their sources, then run
// the built server (apps/api/dist, as `npm run serve` does), which migrates, seeds demo data on first run (demo
// mode) and serves the sites.
// Trying the product on a fresh machine is the point of `npm start`, so it turns demo mode on unless DEMO_MODE
// is set or NODE_ENV=production. Production runs `npm run serve` (never demo, after `npm run build`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_NODE_OPTIONS, withServerEnv } from './lib/server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = withServerEnv(process.env);
if (env.DEMO_MODE === undefined && env.NODE_ENV !== 'production') {
  env.DEMO_MODE = 'true';
  console.log('npm start: demo mode on (demo data, /api/dev/mail); set DEMO_MODE=false to turn it off');
}
if (env.SKIP_BUILD !== '1') buildIfStale();
const main = join(root, 'apps/api/dist/main.js');
if (!existsSync(main)) {
  console.error('npm start: the server is not built (SKIP_BUILD=1): run npm run build first');
  process.exit(1);
}

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, main], {
  stdio: 'inherit',
  env,
});

// Pass SIGTERM/SIGINT on; the server drains its requests and exits, and so do we. Should it hang past its own
// shutdown timeout, it is killed.
const graceMs = (Number(env.SHUTDOWN_TIMEOUT_SECONDS) || 25) * 1000 + 5000;
let stopping = false;
const stop = (signal) => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill(signal);
  if (stopping) return;
  stopping = true;
  setTimeout(() => server.kill('SIGKILL'), graceMs).unref();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// Whoever started us went away without a signal reaching us (its shell did not pass it on, or it was killed):
// stop rather than serve as an orphan.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
