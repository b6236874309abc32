import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fillPath } from './call.ts';
import { DECLARED, DOMAINS } from './calls.ts';

describe('the typed map of calls (decision 043)', () => {
  it('gives every call of a domain’s schemas a route, and every route a call', () => {
    for (const { routes, calls } of Object.values(DOMAINS)) {
      expect(Object.keys(routes).sort()).toEqual(Object.keys(calls).sort());
    }
    const count = Object.values(DOMAINS).reduce((n, { routes }) => n + Object.keys(routes).length, 0);
    expect(DECLARED.size).toBe(count);
  });

  it('gives no two calls the same method and path', () => {
    const keys = [...DECLARED.keys()].map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names in each path exactly the parameters its schema reads', () => {
    for (const [route, { schemas }] of DECLARED) {
      const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const params = schemas.params as z.ZodObject | undefined;
      expect(inPath, `${route.method} ${route.path}`).toEqual(params ? Object.keys(params.shape).sort() : []);
    }
  });

  it('declares uploads as POSTs with a file part and no JSON body', () => {
    const uploads = [...DECLARED].filter(([, { schemas }]) => schemas.upload);
    expect(uploads.map(([route]) => route.path).sort()).toEqual([
      '/api/eligibility/document',
      '/api/user/memberships/:id/freeze',
      '/api/user/profile-photo',
    ]);
    for (const [route, { schemas }] of uploads) {
      expect(route.method).toBe('POST');
      expect(schemas.body).toBeUndefined();
      expect(schemas.upload?.file).toMatch(/^[a-z_]+$/);
    }
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/api/waitlist/:waitlistId', { waitlistId: 12 })).toBe('/api/waitlist/12');
    expect(fillPath('/api/venues/:slug', { slug: 'a b/c' })).toBe('/api/venues/a%20b%2Fc');
    expect(() => fillPath('/api/waitlist/:waitlistId', {})).toThrow(/waitlistId/);
  });
});
