#!/usr/bin/env node
// `npm run build:previous`: builds the previous release (deploy/previous-release) into .previous-release for the
// topology test's upgrade rehearsal (scripts/lib/previous-release.mjs). Under CI a clone without that commit fails.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePreviousTree, previousRelease } from './lib/previous-release.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const commit = previousRelease();
if (!commit) {
  console.log(
    'deploy/previous-release names a commit this clone does not have: the upgrade cannot be rehearsed.',
  );
  process.exit(process.env.CI ? 1 : 0);
}
const logFile = join(root, '.previous-release/build.log');
const tree = await ensurePreviousTree(commit, logFile);
console.log(
  `The previous release ${commit.slice(0, 10)}: ${tree} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
