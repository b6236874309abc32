#!/usr/bin/env node
// Runs the API integration tests on PGlite, then on PostgreSQL when one answers
// (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test when that port is open).
// Each run includes the project int-gocardless: the joining tests again with GoCardless's stand-in as the
// direct-debit provider. Exits non-zero if either run fails. `--db pglite` or `--db postgres` runs one of them (`npm test` runs the two side
// by side); other arguments go to vitest (e.g. file paths).
import { spawnSync } from 'node:child_process';
import { findTestPostgres, redactUrl } from './lib/test-postgres.mjs';

const argv = process.argv.slice(2);
const dbAt = argv.indexOf('--db');
const only = dbAt >= 0 ? argv[dbAt + 1] : undefined;
if (dbAt >= 0 && only !== 'pglite' && only !== 'postgres') {
  console.error('--db takes pglite or postgres');
  process.exit(2);
}
const extraArgs = dbAt >= 0 ? argv.filter((_, i) => i !== dbAt && i !== dbAt + 1) : argv;

function run(label, env) {
  console.log(`\n=== Integration tests on ${label} ===`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'int', '--project', 'int-gocardless', ...extraArgs],
    {
      stdio: 'inherit',
      env,
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds}s ===`);
  return ok;
}

const { TEST_DATABASE_URL, ...baseEnv } = process.env;
let ok = only === 'postgres' ? true : run('PGlite', baseEnv);

const pgUrl = only === 'pglite' ? null : await findTestPostgres();
if (only === 'pglite') {
  // PGlite only, as asked.
} else if (pgUrl) {
  ok = run(`PostgreSQL (${redactUrl(pgUrl)})`, { ...baseEnv, TEST_DATABASE_URL: pgUrl }) && ok;
} else {
  console.log(
    '\nNo PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: skipped the PostgreSQL run.',
  );
  // Under CI the PostgreSQL run is part of the suite: its absence is a failure, not a pass.
  if (only === 'postgres' && process.env.CI) ok = false;
}
process.exit(ok ? 0 : 1);
