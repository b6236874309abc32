import type { z } from 'zod';

/**
 * The typed map of calls (decision 043). Each call is declared once, in two halves that the compiler keeps
 * together:
 * - its schemas, in the domain's contract module (zod): `export const waitlistCalls = { joinWaitlist: { body,
 *   reply, status: 201 } } as const satisfies Calls;`
 * - its method and path, in `routes/<domain>.ts` (no zod at run time, so the web can import it into a first load):
 *   `export const joinWaitlist = route<C['joinWaitlist']>('POST', '/api/waitlist');`, gathered in a table
 *   `satisfies RouteTable<typeof waitlistCalls>`: a call without a route, or a route the schemas do not know, does
 *   not compile.
 *
 * The server registers each route from both halves (`apps/api/src/routes/declared.ts`: method and path from the
 * route, schemas looked up by the route's name in its table, `calls.ts`); the web calls it through `call()` in
 * `apps/web/src/lib/api/client.ts` with the request and the reply typed from the schemas. No zod at run time here.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A multipart/form-data upload: its text fields (wire names; zod, which the server applies to the parts as they
 * arrive as text) and the name of its one file part. The server streams that part into storage; other files are
 * skipped.
 */
export interface UploadSchemas {
  readonly fields?: z.ZodType;
  readonly file: string;
}

/**
 * The schemas of one call: path parameters, query, a JSON body or a multipart upload, reply, and the reply's status
 * (200 when absent).
 */
export interface CallSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly upload?: UploadSchemas;
  readonly reply?: z.ZodType;
  readonly status?: 200 | 201 | 202;
}

export type Calls = Record<string, CallSchemas>;

/** One declared call's method and path. `schemas` exists only as a type: the call's schemas, for both sides. */
export interface Route<S extends CallSchemas = CallSchemas> {
  readonly method: Method;
  /** Fastify's form: `/api/waitlist/:waitlistId`. */
  readonly path: string;
  readonly schemas?: S;
}

/**
 * One declared call's route: `export const joinWaitlist = route<WaitlistCalls['joinWaitlist']>('POST', '/api/waitlist')`.
 * Each is its own export so a page's bundle carries only the routes it calls.
 */
/*#__NO_SIDE_EFFECTS__*/
export function route<S extends CallSchemas>(method: Method, path: string): Route<S> {
  return { method, path };
}

/** A domain's route table, `satisfies RouteTable<typeof fooCalls>`: a route for every call and no other. */
export type RouteTable<C extends Calls> = { readonly [K in keyof C]: Route<C[K]> };

export type SchemasOf<R> = R extends Route<infer S> ? S : never;

/** Path parameters as the web gives them (the path's own names, numbers or strings). */
export type CallParams<S extends CallSchemas> = S['params'] extends z.ZodType
  ? { [K in keyof z.output<S['params']>]: string | number }
  : never;
/** The query as sent on the wire (snake_case). */
export type CallQuery<S extends CallSchemas> = S['query'] extends z.ZodType ? z.input<S['query']> : never;
/** The JSON body as sent on the wire (snake_case). */
export type CallBody<S extends CallSchemas> = S['body'] extends z.ZodType ? z.input<S['body']> : never;
/** A file part as the browser holds it (a Blob or File; the contract has no DOM types). */
export interface UploadFile {
  readonly size: number;
  readonly type: string;
}

/**
 * An upload's parts as the web gives them, keyed as on the wire: each text field as text or a number, and the file
 * (`null` or absent when the call may go without one; the server says when it may not).
 */
export type CallUpload<S extends CallSchemas> = S['upload'] extends UploadSchemas
  ? (S['upload']['fields'] extends z.ZodType
      ? { [K in keyof z.output<S['upload']['fields']>]: string | number }
      : unknown) & { [K in S['upload']['file']]?: UploadFile | null }
  : never;
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
    if (value === undefined) throw new Error(name);
    return encodeURIComponent(value);
  });
}
