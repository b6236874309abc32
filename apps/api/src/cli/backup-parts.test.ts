import { describe, expect, it } from 'vitest';
import {
  codeMigrations,
  codeSchemaVersion,
  compareSchema,
  eachAtOnce,
  libpqConnection,
} from './backup-parts.ts';

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

describe('files copied a few at a time', () => {
  it('keeps the items’ order and never has more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await eachAtOnce([5, 1, 4, 2, 3, 0], 3, async (ms) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(3);
  });

  it('starts nothing more after an error, and throws it', async () => {
    const started: number[] = [];
    await expect(
      eachAtOnce([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('bucket refused');
      }),
    ).rejects.toThrow('bucket refused');
    expect(started).toEqual([1, 2]);
  });
});
