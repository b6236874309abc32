import type { z } from 'zod';

/**
 * The typed map of calls (decision 043). Each call is declared once, in two halves that the compiler keeps
 * together:
 * - its schemas, in the domain's contract module (zod): `export const waitlistCalls = { joinWaitlist: { body,
 *   reply, status: 201 } } as const satisfies Calls;`
 * - its method and path, in `routes/<domain>.ts` (no zod at run time, so the web can import it into a first load):
 *   `export const waitlistRoutes = routes<typeof waitlistCalls>()({ joinWaitlist: ['POST', '/api/waitlist'] });`
 *   A route missing from the table, or one the schemas do not know, does not compile.
 *
 * The server registers each route from both halves (`apps/api/src/routes/declared.ts`: method, path and schemas
 * looked up by the call's name in `calls.ts`); the web calls it through `call()` in `apps/web/src/lib/api/client.ts`
 * with the request and the reply typed from the schemas. This file has no zod at run time.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of one call: path parameters, query, JSON body, reply, and the reply's status (200 when absent). */
export interface CallSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly reply?: z.ZodType;
  readonly status?: 200 | 201 | 202;
}

export type Calls = Record<string, CallSchemas>;

/** One declared call: its name (the key of its schemas), method and path. `schemas` exists only as a type. */
export interface Route<S extends CallSchemas = CallSchemas, N extends string = string> {
  readonly name: N;
  readonly method: Method;
  /** Fastify's form: `/api/waitlist/:waitlistId`. */
  readonly path: string;
  readonly schemas?: S;
}

/**
 * A domain's route table, checked against its schemas: `routes<typeof fooCalls>()({ name: [method, path], … })`.
 * Every call of the schemas needs a row, and a row needs a call.
 */
export function routes<C extends Calls>() {
  return <const T extends { readonly [K in keyof C]: readonly [Method, string] }>(
    table: T & { readonly [K in Exclude<keyof T, keyof C>]: never },
  ): { readonly [K in keyof C & string]: Route<C[K], K> } => {
    const out: Record<string, Route> = {};
    for (const [name, [method, path]] of Object.entries(table as Record<string, readonly [Method, string]>)) {
      out[name] = { name, method, path };
    }
    return out as { readonly [K in keyof C & string]: Route<C[K], K> };
  };
}

export type SchemasOf<R> = R extends Route<infer S> ? S : never;

/** Path parameters as the web gives them (the path's own names, numbers or strings). */
export type CallParams<S extends CallSchemas> = S['params'] extends z.ZodType
  ? { [K in keyof z.output<S['params']>]: string | number }
  : never;
/** The query as sent on the wire (snake_case). */
export type CallQuery<S extends CallSchemas> = S['query'] extends z.ZodType ? z.input<S['query']> : never;
/** The JSON body as sent on the wire (snake_case). */
export type CallBody<S extends CallSchemas> = S['body'] extends z.ZodType ? z.input<S['body']> : never;
/** What the reply's `data` holds on the wire (snake_case); `null` for a call without a JSON reply. */
export type CallData<S extends CallSchemas> = S['reply'] extends z.ZodType
  ? z.output<S['reply']> extends { data: infer D }
    ? D
    : z.output<S['reply']>
  : null;

/** Fills a path's `:name` parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
