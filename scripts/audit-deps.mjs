#!/usr/bin/env node
// `npm run audit:deps`: known vulnerabilities in the dependencies the product runs with (docs/dependencies.md).
//
//   npm run audit:deps                          asks the registry's advisory service (`npm audit`), if reachable
//   npm run audit:deps -- --osv <folder>        reads advisories held offline, in the OSV format: osv.dev's npm
//                                               export unzipped, or a checkout of github/advisory-database
//   --dev              the development tree too (build and test tools); default: what the runtime image installs
//   --level <severity> fail (exit 1) at or above it: low, moderate, high (default), critical
//   --json             the findings as JSON
//
// Exit status: 0 nothing at or above the level; 1 findings; 2 no advisory source could be read (then it says which
// procedure to follow: this is not a pass).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { atOrAbove, auditPackages, lockedPackages, SEVERITIES } from './lib/advisories.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    osv: { type: 'string' },
    dev: { type: 'boolean', default: false },
    level: { type: 'string', default: 'high' },
    json: { type: 'boolean', default: false },
    lock: { type: 'string', default: join(root, 'package-lock.json') },
  },
});
if (!SEVERITIES.includes(values.level) || values.level === 'unknown') {
  console.error(`--level must be one of: ${SEVERITIES.slice(1).join(', ')}`);
  process.exit(2);
}

const lock = JSON.parse(readFileSync(values.lock, 'utf8'));
const packages = lockedPackages(lock).filter((p) => values.dev || !p.dev);

function* advisoryFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* advisoryFiles(path);
    else if (name.endsWith('.json')) yield path;
  }
}

let findings;
let source;
if (values.osv) {
  const advisories = [];
  let unreadable = 0;
  for (const file of advisoryFiles(values.osv)) {
    try {
      advisories.push(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      unreadable += 1;
    }
  }
  if (!advisories.length) {
    console.error(`No advisories (OSV JSON files) under ${values.osv}.`);
    process.exit(2);
  }
  findings = auditPackages(packages, advisories);
  source = `${advisories.length} advisories under ${values.osv}${unreadable ? ` (${unreadable} files unreadable)` : ''}`;
} else {
  const run = spawnSync('npm', ['audit', '--json', ...(values.dev ? [] : ['--omit=dev'])], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = null;
  }
  if (!report || report.error || !report.vulnerabilities) {
    console.error(
      [
        "The registry's advisory service could not be reached (npm audit: " +
          `${report?.message || report?.error?.summary || run.stderr.trim().split('\n').pop() || 'no answer'}).`,
        'This is not a pass. Either run this where the registry answers, or read advisories held offline:',
        '  curl -O https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip && unzip -q all.zip -d osv-npm',
        '  npm run audit:deps -- --osv osv-npm',
        '(docs/dependencies.md explains the procedure.)',
      ].join('\n'),
    );
    process.exit(2);
  }
  findings = Object.values(report.vulnerabilities).flatMap((v) =>
    (v.via ?? [])
      .filter((via) => typeof via === 'object')
      .map((via) => ({
        id: via.url?.split('/').pop() ?? String(via.source),
        aliases: [],
        summary: via.title ?? '',
        severity: SEVERITIES.includes(via.severity) ? via.severity : 'unknown',
        name: v.name,
        version: (v.nodes ?? []).join(', '),
        path: (v.nodes ?? [])[0] ?? '',
        dev: false,
        fixed: null,
      })),
  );
  source = "the registry's advisory service (npm audit)";
}

const failing = atOrAbove(findings, values.level);
if (values.json) {
  console.log(JSON.stringify({ source, packages: packages.length, findings }, null, 2));
} else {
  console.log(
    `Checked ${packages.length} packages (${values.dev ? 'with' : 'without'} development tools) against ${source}.`,
  );
  for (const f of findings)
    console.log(
      `${f.severity.padEnd(8)} ${f.name}@${f.version}  ${f.id}${f.aliases.length ? ` (${f.aliases.join(', ')})` : ''}  ${f.summary}${f.fixed ? `  fixed in ${f.fixed}` : ''}`,
    );
  console.log(
    findings.length
      ? `${findings.length} known vulnerabilities, ${failing.length} at or above '${values.level}'.`
      : 'No known vulnerabilities.',
  );
}
process.exit(failing.length ? 1 : 0);
