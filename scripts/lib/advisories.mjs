// Known-vulnerability check of the lock file against advisories in the OSV format (https://ossf.github.io/osv-schema/),
// the format of both maintained sources an operator can hold offline: osv.dev's npm export
// (https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip, unzipped) and a checkout of GitHub's advisory
// database (github.com/github/advisory-database, `advisories/github-reviewed`), which is what `npm audit` asks.
// Pure functions here; scripts/audit-deps.mjs reads the files and prints (docs/dependencies.md, decision 078).
import semver from 'semver';

/** The severities GitHub gives (database_specific.severity), lowest first; 'unknown' when an advisory has none. */
export const SEVERITIES = ['unknown', 'low', 'moderate', 'high', 'critical'];

/**
 * Every installed package of a package-lock.json (lockfileVersion 2 or 3): name, version, path in node_modules and
 * whether only development needs it. Workspace links and the root are not packages from the registry: left out.
 */
export function lockedPackages(lock) {
  if (!lock || typeof lock.packages !== 'object')
    throw new Error('package-lock.json has no "packages" (lockfileVersion 2 or 3 needed)');
  const found = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || entry.link || !path.includes('node_modules/') || !entry.version) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.push({ name, version: entry.version, path, dev: entry.dev === true || entry.devOptional === true });
  }
  return found;
}

/** Whether one OSV `affected` entry's ranges and version list hold this version. */
export function affects(affected, version) {
  if (Array.isArray(affected.versions) && affected.versions.includes(version)) return true;
  for (const range of affected.ranges ?? []) {
    if (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM') continue;
    // OSV: events sorted by version; a version is affected when the last 'introduced' at or below it is not followed
    // by a 'fixed' at or below it (or a 'last_affected' below it).
    const events = [...(range.events ?? [])].sort((a, b) => compare(eventVersion(a), eventVersion(b)));
    let inside = false;
    for (const event of events) {
      const at = eventVersion(event);
      if (event.introduced !== undefined) {
        if (at === '0' || compare(version, at) >= 0) inside = true;
      } else if (event.fixed !== undefined) {
        if (compare(version, at) >= 0) inside = false;
      } else if (event.last_affected !== undefined) {
        if (compare(version, at) > 0) inside = false;
      }
    }
    if (inside) return true;
  }
  return false;
}

const eventVersion = (event) => event.introduced ?? event.fixed ?? event.last_affected ?? event.limit ?? '0';

function compare(a, b) {
  if (a === b) return 0;
  if (a === '0') return -1;
  if (b === '0') return 1;
  const left = semver.valid(a) ? a : semver.coerce(a)?.version;
  const right = semver.valid(b) ? b : semver.coerce(b)?.version;
  if (!left || !right) return a < b ? -1 : 1;
  return semver.compare(left, right);
}

/** The advisory's severity by GitHub's scale ('unknown' when it gives none). */
export function severityOf(advisory) {
  const given = String(advisory.database_specific?.severity ?? '').toLowerCase();
  if (given === 'medium') return 'moderate';
  return SEVERITIES.includes(given) ? given : 'unknown';
}

/** The first fixed version named for this package, if any. */
function fixedIn(affected) {
  for (const range of affected.ranges ?? []) for (const e of range.events ?? []) if (e.fixed) return e.fixed;
  return null;
}

/**
 * The findings: each installed package version an advisory affects (withdrawn advisories and other ecosystems
 * skipped), with the advisory's id, aliases (CVE), summary, severity and the first fixed version.
 */
export function auditPackages(packages, advisories) {
  const byName = new Map();
  for (const p of packages) {
    const list = byName.get(p.name) ?? [];
    list.push(p);
    byName.set(p.name, list);
  }
  const findings = [];
  const seen = new Set();
  for (const advisory of advisories) {
    if (!advisory || advisory.withdrawn) continue;
    for (const affected of advisory.affected ?? []) {
      if (affected.package?.ecosystem !== 'npm') continue;
      for (const p of byName.get(affected.package.name) ?? []) {
        const key = `${advisory.id}|${p.path}`;
        if (seen.has(key) || !affects(affected, p.version)) continue;
        seen.add(key);
        findings.push({
          id: advisory.id,
          aliases: advisory.aliases ?? [],
          summary: advisory.summary ?? advisory.details?.slice(0, 120) ?? '',
          severity: severityOf(advisory),
          name: p.name,
          version: p.version,
          path: p.path,
          dev: p.dev,
          fixed: fixedIn(affected),
        });
      }
    }
  }
  return findings.sort(
    (a, b) => SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) || a.name.localeCompare(b.name),
  );
}

/** Findings at or above a severity ('low' … 'critical'); 'unknown' counts as 'moderate' (a person should look). */
export function atOrAbove(findings, level) {
  const floor = SEVERITIES.indexOf(level);
  const rank = (s) => SEVERITIES.indexOf(s === 'unknown' ? 'moderate' : s);
  return findings.filter((f) => rank(f.severity) >= floor);
}
