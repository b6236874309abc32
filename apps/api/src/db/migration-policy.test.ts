import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPath } from '../paths.ts';

/**
 * docs/upgrades.md: during a rolling upgrade the first process of release N+1 migrates the database while release
 * N's processes still serve, so a migration may only add (expand). Taking away what release N reads (dropping or
 * renaming a column or table, narrowing a type, a NOT NULL on a column N does not write) waits for a later release,
 * in a migration whose first line says so: `-- contract: <what no longer reads it, since which release>`.
 * Migrations up to 0030 came before this rule (0021 and 0022 dropped columns in the release that stopped using them).
 */
const FIRST_UNDER_POLICY = 31;

const CONTRACTING = [
  /\bdrop\s+(column|table|type|view|schema)\b/i,
  /\brename\s+(column\s+)?("?\w+"?\s+)?to\b/i,
  /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i,
  /\balter\s+column\s+"?\w+"?\s+set\s+not\s+null\b/i,
];

const migrations = readdirSync(apiPath('drizzle'))
  .filter((name) => /^\d{4}_.+\.sql$/.test(name))
  .map((name) => ({
    name,
    number: Number(name.slice(0, 4)),
    sql: readFileSync(apiPath(`drizzle/${name}`), 'utf8'),
  }));

/** The statements of a migration that take something away, comments left out. */
const contractingStatements = (sql: string): string[] =>
  sql
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/--.*$/gm, '').trim())
    .filter((statement) => CONTRACTING.some((pattern) => pattern.test(statement)));

describe('migration policy: expand in one release, contract in a later one (docs/upgrades.md)', () => {
  it('knows a contracting statement when it sees one', () => {
    expect(contractingStatements('ALTER TABLE "a" DROP COLUMN "b";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE integer;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('DROP TABLE "a";')).toHaveLength(1);
    expect(
      contractingStatements(
        'ALTER TABLE "a" ADD COLUMN "b" text;--> statement-breakpoint\nCREATE INDEX "i" ON "a" ("b");',
      ),
    ).toEqual([]);
    expect(
      contractingStatements('-- we used to DROP COLUMN here\nALTER TABLE "a" ADD COLUMN "b" text;'),
    ).toEqual([]);
  });

  it('finds the two migrations before the rule that dropped columns, so it reads the real files', () => {
    const early = migrations.filter(
      (m) => m.number < FIRST_UNDER_POLICY && contractingStatements(m.sql).length,
    );
    expect(early.map((m) => m.name.slice(0, 4))).toEqual(['0021', '0022']);
  });

  it('lets a migration from 0031 on take something away only when its first line says why (-- contract: …)', () => {
    const unmarked = migrations
      .filter((m) => m.number >= FIRST_UNDER_POLICY)
      .filter((m) => contractingStatements(m.sql).length && !/^-- contract: \S/.test(m.sql))
      .map((m) => `${m.name}: ${contractingStatements(m.sql)[0]}`);
    expect(unmarked).toEqual([]);
  });
});
