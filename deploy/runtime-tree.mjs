#!/usr/bin/env node
// `node deploy/runtime-tree.mjs <folder>`: the tree a production process runs from, as the Dockerfile's runtime
// image holds it, made from a built checkout (`npm run build` first): the built server and sites, what the server
// reads beside its bundle (migrations, fonts, the gazetteer, static files, the demo catalogue), the sources the
// operator's commands run from (`npm run catalogue | staff | mail | backup`, on Node's own TypeScript), and the
// production dependencies of the API and the contract only (`npm ci --omit=dev`: no build tools, no browser-side
// packages, no test tools). The Dockerfile and the topology test (scripts/test-topology.mjs) both make it with this
// script, so the test runs what the image would.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the runtime copies from the checkout, relative to its root. */
export const RUNTIME_PATHS = [
  'package.json',
  'package-lock.json',
  // npm ci needs every workspace's package.json the lock file names, installed or not.
  'apps/web/package.json',
  'e2e/package.json',
  'packages/contract/package.json',
  'packages/contract/src',
  'apps/api/package.json',
  'apps/api/dist',
  'apps/api/src',
  'apps/api/drizzle',
  'apps/api/assets',
  'apps/api/data',
  'apps/api/static',
  'apps/web/dist',
  'catalogue',
];

/** Leaves out what only tests and the source maps' readers use. */
const skip = (source) => /\.(test|int\.test)\.ts$|\.fixtures\.ts$|\.map$/.test(source);

export function makeRuntimeTree(target, { install = true } = {}) {
  if (!existsSync(join(root, 'apps/api/dist/main.js')) || !existsSync(join(root, 'apps/web/dist')))
    throw new Error('The checkout is not built: run npm run build first');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const path of RUNTIME_PATHS) {
    const from = join(root, path);
    if (!existsSync(from)) throw new Error(`${path} is missing from the checkout`);
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(from, join(target, path), { recursive: true, filter: (source) => !skip(source) });
  }
  if (!install) return;
  // --ignore-scripts: no dependency of the runtime needs its install script (sharp's binaries come as packages of
  // their own), and none runs that the lock file does not name.
  const npm = spawnSync(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--workspace=apps/api',
      '--workspace=packages/contract',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: target, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (npm.status !== 0) throw new Error(`npm ci --omit=dev failed (${npm.status ?? npm.signal})`);
  const modules = readdirSync(join(target, 'node_modules'));
  for (const devOnly of ['vite', 'vitest', 'react', '@playwright', 'typescript'])
    if (modules.includes(devOnly)) throw new Error(`The runtime tree holds ${devOnly}, a build or test tool`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: node deploy/runtime-tree.mjs <folder>');
    process.exit(2);
  }
  makeRuntimeTree(resolve(target));
  console.log(`The runtime tree is in ${resolve(target)}`);
}
