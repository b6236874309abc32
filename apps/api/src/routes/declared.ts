import type { CallSchemas, Route, SchemasOf } from '@fieldhouse/contract/call';
import { DECLARED } from '@fieldhouse/contract/calls';

type Status<S extends CallSchemas> = S['status'] extends number ? S['status'] : 200;

/** Fastify's schema for a declared call, typed so the handler's request and reply follow from it. */
export type DeclaredSchema<S extends CallSchemas> = {
  tags: string[];
  hide?: boolean;
} & (S['params'] extends object ? { params: S['params'] } : unknown) &
  (S['query'] extends object ? { querystring: S['query'] } : unknown) &
  (S['body'] extends object ? { body: S['body'] } : unknown) &
  (S['upload'] extends object ? { consumes: ['multipart/form-data'] } : unknown) &
  (S['reply'] extends object ? { response: { [K in Status<S>]: S['reply'] } } : unknown);

/** A declared upload's file part and text fields (decision 043), for `handleUpload`. */
export function declaredUpload<R extends Route>(route: R): NonNullable<SchemasOf<R>['upload']> {
  const upload = DECLARED.get(route)?.schemas.upload;
  if (!upload) throw new Error(`${route.method} ${route.path} is not a declared upload`);
  return upload as NonNullable<SchemasOf<R>['upload']>;
}

/**
 * A declared call's route options (decision 043): method, path and schemas from the typed map in the contract; the
 * route file adds its handler, `app.route({ ...declared(joinWaitlist, { tags }), handler })`.
 * `url` may name an alias of the declared path (one handler on two paths), which the OpenAPI document hides when
 * `hide` is set.
 */
export function declared<R extends Route>(
  route: R,
  options: { tags: string[]; hide?: boolean; url?: string },
): { method: R['method']; url: string; schema: DeclaredSchema<SchemasOf<R>> } {
  const schemas = DECLARED.get(route)?.schemas;
  if (!schemas)
    throw new Error(`${route.method} ${route.path} is not in a route table of the contract's calls.ts`);
  const schema: Record<string, unknown> = { tags: options.tags };
  if (options.hide) schema.hide = true;
  if (schemas.params) schema.params = schemas.params;
  if (schemas.query) schema.querystring = schemas.query;
  if (schemas.body) schema.body = schemas.body;
  // An upload's parts are read as they stream in (routes/multipart.ts), not parsed as a body first.
  if (schemas.upload) schema.consumes = ['multipart/form-data'];
  if (schemas.reply) schema.response = { [schemas.status ?? 200]: schemas.reply };
  return {
    method: route.method,
    url: options.url ?? route.path,
    schema: schema as DeclaredSchema<SchemasOf<R>>,
  };
}
