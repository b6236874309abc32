#!/usr/bin/env node
// Builds what is missing or older than its sources (used by `npm start`, the e2e run, the page-weight test and the
// bench): the web app (apps/web/dist) and the server bundle (apps/api/dist, docs/decisions/044).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const BUILDS = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/account',
      'apps/web/join',
      'apps/web/admin',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
  },
  {
    name: 'the server',
    workspace: 'apps/api',
    output: 'apps/api/dist/main.js',
    sources: [
      'apps/api/src',
      'apps/api/scripts/build-server.mjs',
      'apps/api/package.json',
      'packages/contract/src',
    ],
  },
];

/** `only`: 'server' to check the server bundle alone (the process tests run it; decision 044). */
export function buildIfStale(only) {
  for (const b of BUILDS) {
    if (only === 'server' && b.workspace !== 'apps/api') continue;
    const output = join(root, b.output);
    const sources = b.sources.map((p) => join(root, p)).filter(existsSync);
    const stale = !existsSync(output) || Math.max(...sources.map(newestMtime)) > statSync(output).mtimeMs;
    if (!stale) continue;
    console.log(`Building ${b.name} (${b.output.replace(/\/[^/]*$/, '')} is missing or out of date)...`);
    const r = spawnSync('npm', ['run', 'build', '-w', b.workspace], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
