import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createBooking,
  createClient,
  createCustomer,
  createSession,
  createVenue,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

/**
 * Every registered route, fired with hostile params, query strings and bodies (NUL and other control characters,
 * 10,000-character strings, ids past PostgreSQL's integer range, negative and fractional numbers, nested junk) by a
 * logged-in customer with a valid CSRF token: the answer is never a 5xx and nothing is logged as an error.
 */

type Json = Record<string, unknown>;
const routes: { method: string; url: string; schema: RouteOptions['schema'] }[] = [];
const errors: Json[] = [];

/** A tiny build of the three sites, so the page routes answer as in production (not 503 'not built'). */
const webDist = mkdtempSync(path.join(os.tmpdir(), 'fh-fuzz-dist-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
for (const site of ['', 'account', 'join']) {
  mkdirSync(path.join(webDist, site), { recursive: true });
  writeFileSync(
    path.join(webDist, site, 'index.html'),
    '<!doctype html><head><!--fh-config--></head><body></body>',
  );
}

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id });
const customer = await createCustomer(t.db, { clientId: client.id });
const { session } = await createSession(t.db, {
  venueId: venue.id,
  startsAt: new Date(Date.now() + 86_400_000),
});
await createBooking(t.db, { sessionId: session.id, customerId: customer.id });
const app = await t.buildTestApp(
  { webDist },
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
      }
    },
    logger: {
      level: 'error',
      stream: { write: (line: string) => errors.push(JSON.parse(line)) },
    },
  },
);

const LONG = 'x'.repeat(10_000);
const hostileString = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  'nul\u0000',
  LONG,
  `${LONG}@example.test`,
  '2147483648',
  '-1',
  '0',
  'NaN',
  '1e400',
  '99999999999999999999',
  'bell\u0007\u001b[31m',
  '\u202Eevil\u200B',
  '\uFFFF\uD800',
  '../../etc/passwd',
  '%00',
  '',
);
const hostileNumber = fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, -1, 0, 1.5, 1e308, 2 ** 53);
const junk: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, [], {}, { a: { b: { c: [1, '\u0000'] } } }, [[[[['deep']]]]]),
  fc.array(hostileString, { maxLength: 3 }),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};

/** A plausible valid value for the schema (so a request gets past the other checks to the service and database). */
function validFor(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return '1';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return validFor(alternatives.find((a) => a.type !== 'null') ?? alternatives[0], depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch ([schema.type].flat()[0]) {
    case 'string':
      return schema.format === 'date'
        ? '2026-12-01'
        : schema.format === 'email'
          ? 'someone@example.test'
          : '1';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [validFor(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, validFor(s, depth + 1)]),
      );
    default:
      return '1';
  }
}

/** Paths to every leaf of a value (object keys and the first item of arrays), where a hostile value can go. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leavesOf(v, [...path, i]))];
  if (value && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]))];
  }
  return [path];
}

/** A copy of `root` with the value at `path` replaced. */
function replaceAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Json) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, value);
  return copy;
}

const jsonSchemaOf = (schema: unknown): JsonSchema | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};
/** encodeURIComponent, but a lone surrogate becomes an invalid UTF-8 sequence (hostile too) rather than a throw. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function multipartOf(fields: Record<string, unknown>) {
  const boundary = '----fhfuzz';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

it('no route answers 5xx to hostile params, query strings or bodies', { timeout: 120_000 }, async () => {
  expect(routes.length).toBeGreaterThan(50);
  const failures: string[] = [];
  let requests = 0;
  for (const route of routes) {
    const params = (route.url.match(/:[A-Za-z_]+/g) ?? []).map((p) => p.slice(1));
    const body = jsonSchemaOf(route.schema?.body);
    const query = jsonSchemaOf(route.schema?.querystring);
    const multipart = Boolean((route.schema as { consumes?: string[] } | undefined)?.consumes);
    // A valid request, then one position (a param, a query key, any leaf of the body) made hostile.
    const template = {
      params: params.map(() => '1'),
      query: (query ? validFor(query) : {}) as Json,
      body: multipart
        ? { reason: '1', months: '1', start_date: '2026-12-01' }
        : body
          ? validFor(body)
          : undefined,
    };
    const leaves = leavesOf(template).filter((p) => p.length > 1 && p[0] !== undefined);
    const request = fc
      .record({
        at: fc.nat(),
        value: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('a\u0000b', 2 ** 31, '2147483648', LONG) },
          hostileString,
          hostileNumber,
          junk,
        ),
      })
      .map(({ at, value }) => {
        if (!leaves.length) return template;
        const path = leaves[at % leaves.length]!;
        return replaceAt(template, path, path[0] === 'body' ? value : asText(value)) as typeof template;
      });
    // One session per route (a logout or password change ends only its own route's session).
    const who = await sessionFor(t.db, customer.id);
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        let i = 0;
        const url = route.url
          .replace(/:[A-Za-z_]+/g, () => encode(String(input.params[i++])))
          .replace(/\*$/, encode(asText(input.params[0] ?? 'x\u0000')));
        const query = Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, asText(v)]));
        const form = multipart ? multipartOf(input.body as Record<string, unknown>) : null;
        const response = await app.inject({
          method: route.method as 'GET',
          url,
          query,
          headers: { ...who.headers, ...(form ? { 'content-type': form.contentType } : {}) },
          ...(form
            ? { payload: form.body }
            : input.body === undefined
              ? {}
              : { payload: input.body as Json }),
        });
        requests++;
        if (response.statusCode >= 500) {
          failures.push(
            `${route.method} ${route.url} → ${response.statusCode} for ${JSON.stringify(input).slice(0, 300)}`,
          );
        }
      }),
      { numRuns: leaves.length ? Math.min(16, leaves.length * 4) : 1, seed: 20261124 },
    );
  }
  console.log(`hostile requests: ${requests} on ${routes.length} routes`);
  expect(requests).toBeGreaterThan(300);
  const logged = errors.map((e) => `${e.msg}: ${JSON.stringify(e.err ?? e).slice(0, 300)}`);
  expect({ failures, logged }).toEqual({ failures: [], logged: [] });
});
