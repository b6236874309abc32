import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fillPath } from './call.ts';
import { CALLS, DOMAIN_CALLS, ROUTE_TABLES } from './calls.ts';

describe('the typed map of calls (decision 043)', () => {
  const tables = Object.entries(ROUTE_TABLES) as [
    keyof typeof ROUTE_TABLES,
    Record<string, { name: string; method: string; path: string }>,
  ][];

  it('names every call once across all domains, so the server finds each call’s own schemas', () => {
    const names = tables.flatMap(([, table]) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(CALLS).sort()).toEqual([...names].sort());
    for (const [domain, table] of tables) {
      for (const [name, route] of Object.entries(table)) {
        expect(route.name).toBe(name);
        expect(CALLS[name as keyof typeof CALLS]).toBe(DOMAIN_CALLS[domain][name]);
      }
    }
  });

  it('gives no two calls the same method and path', () => {
    const keys = tables.flatMap(([, table]) => Object.values(table).map((r) => `${r.method} ${r.path}`));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names in each path exactly the parameters its schema reads', () => {
    for (const [, table] of tables) {
      for (const route of Object.values(table)) {
        const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
        const params = CALLS[route.name as keyof typeof CALLS] as { params?: z.ZodObject };
        const inSchema = params.params ? Object.keys(params.params.shape).sort() : [];
        expect(inPath, `${route.method} ${route.path}`).toEqual(inSchema);
      }
    }
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/waitlist/:waitlistId', { waitlistId: 12 })).toBe('/api/waitlist/12');
    expect(fillPath('/api/venues/:slug', { slug: 'a b/c' })).toBe('/api/venues/a%20b%2Fc');
    expect(() => fillPath('/api/waitlist/:waitlistId', {})).toThrow(/waitlistId/);
  });
});
