import { describe, expect, it } from 'vitest';
import { codeMigrations, codeSchemaVersion, compareSchema, libpqConnection } from './backup-parts.ts';

describe("a database's schema against this code's migrations", () => {
  const entries = codeMigrations();
  const at = (index: number) => ({
    migration: entries[index]!.tag,
    applied: index + 1,
    migration_created_at: entries[index]!.when,
  });

  it('is the same when its last migration is the code’s last', () => {
    expect(compareSchema(codeSchemaVersion())).toMatchObject({ state: 'same' });
  });

  it('is older by the migrations the server applies at start, and says how many', () => {
    const older = compareSchema(at(entries.length - 3));
    expect(older.state).toBe('older');
    expect(older.text).toContain('the server applies the 2 newer migrations when it starts');
  });

  it('is newer when its last migration is one this code does not have (a later release)', () => {
    const newer = compareSchema({
      migration: 'unknown migration',
      applied: entries.length + 1,
      migration_created_at: entries.at(-1)!.when + 60_000,
    });
    expect(newer.state).toBe('newer');
    expect(newer.text).toContain('newer than this version of Fieldhouse');
  });

  it('counts a database with no migrations as older', () => {
    expect(compareSchema({ migration: null, applied: 0, migration_created_at: null })).toMatchObject({
      state: 'older',
    });
  });
});

describe('the connection pg_dump and pg_restore get', () => {
  it('has no password in the URL on the command line: it goes in PGPASSWORD', () => {
    const { dbname, env } = libpqConnection(
      'postgres://fieldhouse:s%40cret@db:5432/fieldhouse?sslmode=require',
    );
    expect(dbname).toBe('postgres://fieldhouse@db:5432/fieldhouse?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});
