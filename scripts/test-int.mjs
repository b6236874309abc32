#!/usr/bin/env node
// Runs the API integration tests on PGlite, then on PostgreSQL when one answers
// (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test when that port is open).
// Exits non-zero if either run fails.
import { spawnSync } from 'node:child_process';
import { findTestPostgres, redactUrl } from './lib/test-postgres.mjs';

const extraArgs = process.argv.slice(2);

function run(label, env) {
  console.log(`\n=== Integration tests on ${label} ===`);
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'int', ...extraArgs], {
    stdio: 'inherit',
    env,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s ===`);
  return ok;
}

const { TEST_DATABASE_URL, ...baseEnv } = process.env;
let ok = run('PGlite', baseEnv);

const pgUrl = await findTestPostgres();
if (pgUrl) {
  ok = run(`PostgreSQL (${redactUrl(pgUrl)})`, { ...baseEnv, TEST_DATABASE_URL: pgUrl }) && ok;
} else {
  console.log(
    '\nNo PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: skipped the PostgreSQL run.',
  );
}
process.exit(ok ? 0 : 1);
