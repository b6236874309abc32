#!/usr/bin/env node
// `npm run test:cluster`: three API processes on one PostgreSQL behind a round-robin proxy, a booking rush with
// one process killed and restarted (apps/api/test/cluster). Needs PostgreSQL: TEST_DATABASE_URL, or
// 127.0.0.1:5432 (database `test`). Without one it says so and fails under CI, skips otherwise.
import { spawnSync } from 'node:child_process';
import { findTestPostgres, redactUrl } from './lib/test-postgres.mjs';

const pgUrl = await findTestPostgres();
if (!pgUrl) {
  console.log(
    'No PostgreSQL answers on 127.0.0.1:5432 and TEST_DATABASE_URL is unset: the cluster test needs one.',
  );
  process.exit(process.env.CI ? 1 : 0);
}
console.log(`\n=== Cluster test on PostgreSQL (${redactUrl(pgUrl)}) ===`);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'cluster', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: pgUrl },
});
console.log(
  `=== cluster: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s ===`,
);
process.exit(result.status ?? 1);
