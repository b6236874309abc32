import { type DriverValueEncoder, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** What Drizzle's `.prepare(name)` gives on either engine: values for the placeholders in, rows out. */
type PreparedLike = { execute: (values?: Record<string, unknown>) => Promise<unknown> };
/** The driver-side handle a prepared query runs on (a pool, a pool client in a transaction, PGlite). */
type WithClient = { client: unknown };
type SessionOf = { session: WithClient };

/**
 * A hot query built once per process, not once per call (issue 12). Drizzle's query builder costs far more CPU
 * than running a short query: every call used to build the select, walk its columns and write its SQL text. Here
 * `build` runs once (per engine) with `sql.placeholder`s where the values go; each call only fills them in and
 * runs the statement on the database or transaction passed. On PostgreSQL `build` must name the statement
 * (`.prepare('name')`, unique per text), so each connection also parses and plans it once; on PGlite every
 * statement runs as a named statement (`pglite-named.ts`, decisions 048 and 051).
 *
 * The built query is tied to the connection it was built on; for another one (a transaction's pool client, another
 * test's database) the same query is run through a light copy bound to that connection. Placeholders are filled
 * as given (use `encodedPlaceholder` for a Date or anything else a column must encode).
 */
export function prepared<Q extends PreparedLike>(build: (db: DbOrTx) => Q) {
  // One per engine: node-postgres and PGlite build different prepared-query classes from the same SQL.
  const byEngine = new Map<unknown, Q & WithClient>();
  return (db: DbOrTx, values: Record<string, unknown>): ReturnType<Q['execute']> => {
    const session = (db as unknown as SessionOf).session;
    let query = byEngine.get(session.constructor);
    if (!query) {
      query = build(db) as Q & WithClient;
      byEngine.set(session.constructor, query);
    }
    if (query.client === session.client) return query.execute(values) as ReturnType<Q['execute']>;
    const bound = Object.create(query) as Q & WithClient;
    bound.client = session.client;
    return bound.execute(values) as ReturnType<Q['execute']>;
  };
}

/**
 * A placeholder whose value is encoded by `column` like a literal would be (a Date for a timestamp column becomes
 * the ISO text both engines read), where a bare `sql.placeholder` passes the value to the driver as it is.
 */
export const encodedPlaceholder = (name: string, column: DriverValueEncoder<unknown, unknown>) =>
  sql.param(sql.placeholder(name), column) as unknown as Placeholder;
