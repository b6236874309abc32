import { CSRF_COOKIE, CSRF_FAILED_STATUS, CSRF_HEADER } from '@fieldhouse/contract';
import { DECLARED } from '@fieldhouse/contract/calls';
import { describe, expect, it } from 'vitest';
import { setupTestDatabase, TEST_CSRF } from './helper.ts';

/**
 * The OpenAPI document says what each call asks of the caller (`npm run lint:openapi` checks its form); these
 * tests hold it to what the server does: a call documented as needing the session cookie answers 401 without
 * one, every other call does not, and every unsafe call answers 419 without the CSRF header.
 */
const t = await setupTestDatabase();
const app = await t.buildTestApp();

type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
};
const document = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path,
    // Any value fits a parameter's place; the calls are refused (or answered) before it matters.
    url: path.replace(/\{[^}]+\}/g, '1'),
    operation,
  })),
);
/** A customer's session cookie, or (the staff console's calls) a staff member's. */
const needsSession = (operation: Operation) =>
  (operation.security ?? []).every(
    (requirement) => 'sessionCookie' in requirement || 'staffSessionCookie' in requirement,
  ) && (operation.security ?? []).length > 0;

/**
 * Unsafe calls that take no CSRF token because they prove themselves otherwise and come from outside the sites: a
 * marketing mail's signed one-click withdrawal (RFC 8058; a mail client posts it, decision 077). A new one must be
 * added here on purpose. (The providers' signed webhooks are not in this app: it runs the sandbox providers.)
 */
const CSRF_EXEMPT = new Set(['POST /api/mail/unsubscribe/{token}']);

describe('the OpenAPI document', () => {
  it('documents every call of the typed map (decision 043) at its declared method and path', () => {
    const declaredCalls = [...DECLARED.keys()];
    expect(declaredCalls.length).toBeGreaterThan(0);
    for (const route of declaredCalls) {
      const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(
        document.paths[openApiPath]?.[route.method.toLowerCase()],
        `${route.method} ${route.path}`,
      ).toBeDefined();
      expect(app.hasRoute({ method: route.method, url: route.path })).toBe(true);
    }
  });

  it('has every route once, each with a unique operationId, summary, security and error replies', () => {
    expect(operations.length).toBeGreaterThan(70);
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.paths).filter((p) => p.endsWith('/'))).toEqual([]);
    for (const { operation } of operations) {
      expect(operation.security).toBeDefined();
      expect(operation.responses).toHaveProperty('4XX');
      expect(operation.responses).toHaveProperty('5XX');
    }
    expect(operations.find((o) => o.url === '/api/venues/1/sessions')?.operation.operationId).toBe(
      'getVenuesBySlugSessions',
    );
  });

  it('documents the session cookie exactly where a call without one is refused with 401', async () => {
    const required = operations.filter((o) => needsSession(o.operation));
    expect(required.length).toBeGreaterThan(30);
    expect(operations.length - required.length).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const { method, url, operation } of operations) {
      const response = await app.inject({
        method,
        url,
        headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      const refused = response.statusCode === 401;
      if (refused !== needsSession(operation)) mismatches.push(`${method} ${url}: ${response.statusCode}`);
      if (needsSession(operation)) expect(operation.responses).toHaveProperty('401');
    }
    expect(mismatches).toEqual([]);
  });

  it('documents the CSRF header on every unsafe call, and each refuses a call without it', async () => {
    const unsafe = operations.filter((o) => o.method !== 'GET');
    expect(unsafe.length).toBeGreaterThan(20);
    const exempt: string[] = [];
    for (const { method, path, url, operation } of unsafe) {
      if (CSRF_EXEMPT.has(`${method} ${path}`)) {
        // Documented without the header, and taken without it (not 419).
        exempt.push(`${method} ${path}`);
        for (const requirement of operation.security ?? [])
          expect(requirement).not.toHaveProperty('csrfHeader');
        const response = await app.inject({ method, url, payload: {} });
        expect(response.statusCode, `${method} ${url}`).not.toBe(CSRF_FAILED_STATUS);
        continue;
      }
      for (const requirement of operation.security ?? []) expect(requirement).toHaveProperty('csrfHeader');
      expect(operation.security?.length).toBeGreaterThan(0);
      expect(operation.responses).toHaveProperty(String(CSRF_FAILED_STATUS));
      const response = await app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(CSRF_FAILED_STATUS);
    }
    expect(exempt.sort()).toEqual([...CSRF_EXEMPT].sort());
  });
});
