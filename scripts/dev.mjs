#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) on API_PORT (default 3000) and the Vite dev server with
// hot reload on 5173, which proxies /api to the API. Open http://localhost:5173/ (bookings),
// /account/ and /join/.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.API_PORT ?? '3000';
const apiEnv = { ...process.env, PORT: apiPort };
if (apiEnv.DEMO_MODE === undefined && apiEnv.NODE_ENV !== 'production') {
  apiEnv.DEMO_MODE = 'true';
  console.log('npm run dev: demo mode on (demo data, /api/dev/mail); set DEMO_MODE=false to turn it off');
}
const children = [
  spawn(process.execPath, ['--watch', join(root, 'apps/api/src/main.ts')], {
    stdio: 'inherit',
    env: apiEnv,
  }),
  spawn('npx', ['vite', '--host'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
