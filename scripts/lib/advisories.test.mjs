import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { affects, atOrAbove, auditPackages, lockedPackages } from './advisories.mjs';

const lock = {
  lockfileVersion: 3,
  packages: {
    '': { name: 'fieldhouse', version: '0.1.0' },
    'node_modules/@fieldhouse/api': { resolved: 'apps/api', link: true },
    'apps/api': { name: '@fieldhouse/api', version: '0.1.0' },
    'node_modules/fastify': { version: '5.12.8' },
    'node_modules/fastify/node_modules/semver': { version: '7.5.1' },
    'node_modules/semver': { version: '7.8.6' },
    'node_modules/vite': { version: '8.3.8', dev: true },
    'node_modules/@scope/thing': { version: '2.5.0' },
  },
};

/** An OSV record as osv.dev and github/advisory-database write them. */
const advisory = (id, name, events, extra = {}) => ({
  id,
  summary: `${name} is vulnerable`,
  aliases: [`CVE-2026-${id.slice(-4)}`],
  affected: [{ package: { ecosystem: 'npm', name }, ranges: [{ type: 'ECOSYSTEM', events }] }],
  database_specific: { severity: 'HIGH' },
  ...extra,
});

describe('dependency advisories (OSV)', () => {
  it('lists the installed packages of the lock file with their paths, not the workspaces or the root', () => {
    expect(lockedPackages(lock).map((p) => `${p.name}@${p.version}${p.dev ? ' dev' : ''}`)).toEqual([
      'fastify@5.12.8',
      'semver@7.5.1',
      'semver@7.8.6',
      'vite@8.3.8 dev',
      '@scope/thing@2.5.0',
    ]);
  });

  it('holds a version between introduced and fixed, and not the fixed one', () => {
    const range = { ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '7.5.2' }] }] };
    expect(affects(range, '7.5.1')).toBe(true);
    expect(affects(range, '7.5.2')).toBe(false);
    expect(affects(range, '7.8.6')).toBe(false);
  });

  it('reads several ranges, last_affected and an explicit version list', () => {
    const twoRanges = {
      ranges: [
        {
          type: 'ECOSYSTEM',
          events: [{ introduced: '3.0.0' }, { fixed: '3.0.5' }, { introduced: '2.0.0' }, { fixed: '2.1.0' }],
        },
      ],
    };
    expect(affects(twoRanges, '2.0.3')).toBe(true);
    expect(affects(twoRanges, '2.5.0')).toBe(false);
    expect(affects(twoRanges, '3.0.1')).toBe(true);
    expect(affects(twoRanges, '3.0.5')).toBe(false);
    const upTo = {
      ranges: [{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { last_affected: '1.4.0' }] }],
    };
    expect(affects(upTo, '1.4.0')).toBe(true);
    expect(affects(upTo, '1.4.1')).toBe(false);
    expect(affects({ versions: ['9.9.9'] }, '9.9.9')).toBe(true);
    expect(affects({ ranges: [{ type: 'GIT', events: [{ introduced: '0' }] }] }, '1.0.0')).toBe(false);
  });

  it('finds each affected install once, skips withdrawn advisories and other ecosystems, ranks by severity', () => {
    const found = auditPackages(lockedPackages(lock), [
      advisory('GHSA-aaaa-0001', 'semver', [{ introduced: '7.0.0' }, { fixed: '7.5.2' }], {
        database_specific: { severity: 'MODERATE' },
      }),
      advisory('GHSA-aaaa-0002', 'fastify', [{ introduced: '5.0.0' }, { fixed: '5.13.0' }], {
        database_specific: { severity: 'CRITICAL' },
      }),
      advisory('GHSA-aaaa-0003', 'fastify', [{ introduced: '0' }], { withdrawn: '2026-01-01T00:00:00Z' }),
      {
        ...advisory('PYSEC-2026-0004', 'fastify', [{ introduced: '0' }]),
        affected: [
          {
            package: { ecosystem: 'PyPI', name: 'fastify' },
            ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }],
          },
        ],
      },
      advisory('GHSA-aaaa-0005', '@scope/thing', [{ introduced: '2.0.0' }, { fixed: '2.4.0' }]),
    ]);
    expect(found.map((f) => `${f.severity} ${f.id} ${f.name}@${f.version} fixed ${f.fixed}`)).toEqual([
      'critical GHSA-aaaa-0002 fastify@5.12.8 fixed 5.13.0',
      'moderate GHSA-aaaa-0001 semver@7.5.1 fixed 7.5.2',
    ]);
    expect(atOrAbove(found, 'high').map((f) => f.id)).toEqual(['GHSA-aaaa-0002']);
    expect(atOrAbove(found, 'moderate')).toHaveLength(2);
  });

  it('the command fails on a finding at the level, passes without, and never passes with no advisories', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osv-'));
    const lockFile = join(dir, 'package-lock.json');
    writeFileSync(lockFile, JSON.stringify(lock));
    const osv = join(dir, 'osv');
    mkdirSync(join(osv, 'nested'), { recursive: true });
    const script = fileURLToPath(new URL('../audit-deps.mjs', import.meta.url));
    const run = (...args) =>
      spawnSync(process.execPath, [script, '--lock', lockFile, ...args], { encoding: 'utf8' });

    expect(run('--osv', osv).status).toBe(2);
    writeFileSync(
      join(osv, 'nested', 'GHSA-aaaa-0001.json'),
      JSON.stringify(advisory('GHSA-aaaa-0001', 'semver', [{ introduced: '7.0.0' }, { fixed: '7.5.2' }])),
    );
    const high = run('--osv', osv);
    expect(high.status, high.stderr).toBe(1);
    expect(high.stdout).toContain('high     semver@7.5.1  GHSA-aaaa-0001 (CVE-2026-0001)');
    expect(run('--osv', osv, '--level', 'critical').status).toBe(0);
    // A development-only package is not in the runtime image: checked only with --dev.
    writeFileSync(
      join(osv, 'GHSA-aaaa-0006.json'),
      JSON.stringify(
        advisory('GHSA-aaaa-0006', 'vite', [{ introduced: '0' }], {
          database_specific: { severity: 'CRITICAL' },
        }),
      ),
    );
    expect(run('--osv', osv, '--level', 'critical').status).toBe(0);
    expect(run('--osv', osv, '--level', 'critical', '--dev').status).toBe(1);
  });
});
