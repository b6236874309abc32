import { describe, expect, it } from 'vitest';
import { CLIENT_CACHE_MS, createClientCache, NO_CLIENT_RECHECK_MS, noClientWarning } from './client.ts';

/** A cache over a fake table: `row` is what the database holds, `reads` how often it was asked. */
function fakeCache() {
  const state = { row: null as { id: number } | null, reads: 0, time: 1_000_000, appeared: [] as number[] };
  const cache = createClientCache({
    load: async () => {
      state.reads++;
      return state.row;
    },
    now: () => state.time,
    onAppear: (row) => state.appeared.push(row.id),
  });
  return { state, cache };
}

describe('the client cache', () => {
  it('reads an empty table once per recheck interval, however many requests come', async () => {
    const { state, cache } = fakeCache();
    await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    for (let i = 0; i < 50; i++) expect((await cache.current()).row).toBeNull();
    expect(state.reads).toBe(1);
    state.time += NO_CLIENT_RECHECK_MS - 1;
    await cache.current();
    expect(state.reads).toBe(1);
    state.time += 1;
    await cache.current();
    expect(state.reads).toBe(2);
  });

  it('sees a client inserted by another process within the recheck interval, and says so once', async () => {
    const { state, cache } = fakeCache();
    expect((await cache.current()).row).toBeNull();
    state.row = { id: 7 };
    state.time += NO_CLIENT_RECHECK_MS;
    expect((await cache.current()).row).toEqual({ id: 7 });
    state.time += CLIENT_CACHE_MS;
    await cache.current();
    expect(state.appeared).toEqual([7]);
  });

  it('keeps a client for CLIENT_CACHE_MS (longer than an absence), and drops it on invalidate', async () => {
    const { state, cache } = fakeCache();
    state.row = { id: 1 };
    await cache.current();
    state.time += CLIENT_CACHE_MS - 1;
    await cache.current();
    expect(state.reads).toBe(1);
    cache.invalidate();
    await cache.current();
    expect(state.reads).toBe(2);
    expect(state.appeared).toEqual([]); // never missing, so never 'appeared'
    expect(NO_CLIENT_RECHECK_MS).toBeLessThan(CLIENT_CACHE_MS);
  });
});

describe('the start-up warning', () => {
  it('names the command and the CLIENT_ID that matched nothing', () => {
    expect(noClientWarning(null)).toBe(
      "No catalogue loaded: the database has no client, so every site shows 'This site is being set up'. " +
        'Load one with: npm run catalogue -- import <file> (see docs/operators.md)',
    );
    expect(noClientWarning(4)).toContain('the database has no client with CLIENT_ID=4,');
  });
});
