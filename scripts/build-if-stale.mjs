#!/usr/bin/env node
// Builds apps/web when its build is missing or older than its sources (used by `npm start` and the e2e run).
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

export function buildIfStale() {
  const dist = join(root, 'apps/web/dist/index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/account',
    'apps/web/join',
    'apps/web/admin',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ]
    .map((p) => join(root, p))
    .filter(existsSync);
  const stale = !existsSync(dist) || Math.max(...sources.map(newestMtime)) > statSync(dist).mtimeMs;
  if (!stale) return;
  console.log('Building the web app (apps/web/dist is missing or out of date)...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
