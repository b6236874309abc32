// The previous release (deploy/previous-release), built from git as its release was, for the upgrade rehearsal in
// scripts/test-topology.mjs (docs/upgrades.md). `npm run build:previous` makes it ahead of time (a stage of
// `npm test` of its own, beside the browser tests); the topology test makes it itself when it is missing. It is
// kept in the checkout's .previous-release folder (ignored by git), by commit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Not under node_modules: Node refuses to strip types from files there, and the release's build runs its sources.
const cache = join(root, '.previous-release');

/** The commit of the release before this one, or null when this clone does not have it (a shallow clone). */
export function previousRelease() {
  const line = readFileSync(join(root, 'deploy/previous-release'), 'utf8')
    .split('\n')
    .find((l) => /^[0-9a-f]{7,40}\b/.test(l.trim()));
  if (!line) throw new Error('deploy/previous-release names no commit');
  const commit = line.trim().split(/\s/)[0];
  const found = spawnSync('git', ['-C', root, 'rev-parse', '--verify', '--quiet', `${commit}^{commit}`], {
    encoding: 'utf8',
  });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * The previous release's runtime tree, as its own image would hold it: its sources from git (`git archive`),
 * installed and built as its release was (`npm ci`, `npm run build`), then its own deploy/runtime-tree.mjs. Kept
 * in .previous-release by commit (a finished tree is marked, so a half-made one is made again); the sources
 * and build tools are removed once the tree is made. Returns the tree's folder. Output goes to `logFile`.
 */
export async function ensurePreviousTree(commit, logFile) {
  const tree = join(cache, commit, 'app');
  const done = join(cache, commit, 'made');
  if (existsSync(done)) return tree;
  rmSync(join(cache, commit), { recursive: true, force: true });
  const source = join(cache, commit, 'source');
  mkdirSync(source, { recursive: true });
  writeFileSync(logFile, '');
  const run = (command, args, cwd) => {
    const ran = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    writeFileSync(logFile, `$ ${command} ${args.join(' ')}\n${ran.stdout ?? ''}${ran.stderr ?? ''}`, {
      flag: 'a',
    });
    if (ran.status !== 0)
      throw new Error(`${command} ${args.join(' ')} failed for the previous release (see ${logFile})`);
  };
  run('sh', ['-c', `git -C '${root}' archive --format=tar ${commit} | tar -x -C '${source}'`], root);
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], source);
  run('npm', ['run', 'build'], source);
  const script = join(source, 'deploy/runtime-tree.mjs');
  if (!existsSync(script)) throw new Error('The previous release has no deploy/runtime-tree.mjs');
  const { makeRuntimeTree } = await import(pathToFileURL(script).href);
  makeRuntimeTree(tree);
  // Its sources and build tools (about 1 GB) are not needed any more.
  rmSync(source, { recursive: true, force: true });
  writeFileSync(done, `${new Date().toISOString()}\n`);
  return tree;
}
