import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named statements on PGlite (issue 12). PGlite's `query` parses, describes, plans and runs every statement anew:
 * six calls into PostgreSQL, and the planning of a 12-table join on every basket read. Drizzle's `.prepare(name)`
 * gives PostgreSQL a named statement it parses once per connection and, after five runs, plans once; on PGlite
 * the name was dropped. Here a prepared query's name is kept: the statement is parsed and described once per
 * instance, and each run is one call (bind, describe, execute, sync) under PGlite's own locks.
 */

type Named = { types: number[] };
const statements = new WeakMap<PGlite, Map<string, Named>>();
/** Each transaction's instance: a statement run inside it takes only the query lock the transaction leaves free. */
const owners = new WeakMap<Transaction, PGlite>();

/** Records the instance behind each of its transactions; call once when the instance opens. */
export function trackTransactions(pglite: PGlite) {
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      owners.set(tx, pglite);
      return callback(tx);
    });
}

const sessionClasses = new Set<unknown>();
/** Marks Drizzle's PGlite session class (`db.session.constructor`): its prepared queries run as named statements. */
export function runPreparedAsNamed(db: unknown) {
  sessionClasses.add((db as { session: object }).session.constructor);
}
export const runsPreparedAsNamed = (session: object) => sessionClasses.has(session.constructor);

type Internals = {
  parsers: Parameters<typeof parse.parseResults>[1];
  serializers: Record<number, (value: unknown) => string>;
};

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function run(pglite: PGlite, name: string, text: string, params: unknown[], options?: QueryOptions) {
  let known = statements.get(pglite);
  if (!known) {
    known = new Map();
    statements.set(pglite, known);
  }
  let statement = known.get(name);
  if (!statement) {
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    statement = { types: parse.parseDescribeStatementResults(messages) };
    known.set(name, statement);
  }
  const { serializers, parsers } = pglite as unknown as Internals;
  const values = params.map((value, i) => {
    if (value == null) return null;
    const type = statement.types[i] ?? 0;
    const serialize = options?.serializers?.[type] ?? serializers[type];
    return serialize ? serialize(value) : String(value);
  });
  const { messages } = await pglite.execProtocol(
    concat([
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return parse.parseResults(messages, parsers, options)[0] as Results;
}

/**
 * A stand-in for `client` (the instance or one of its transactions) whose `query` runs the text as the named
 * statement `name`; null when the transaction's instance is unknown (then the query runs as before).
 */
export function namedStatementClient(client: PGlite | Transaction, name: string) {
  const owner = owners.get(client as Transaction);
  const pglite = owner ?? (client as PGlite);
  if (!owner && typeof (pglite as PGlite).execProtocol !== 'function') return null;
  return {
    query: (text: string, params: unknown[] = [], options?: QueryOptions) =>
      owner
        ? pglite._runExclusiveQuery(() => run(pglite, name, text, params, options))
        : pglite._runExclusiveTransaction(async () => {
            const result = await pglite._runExclusiveQuery(() => run(pglite, name, text, params, options));
            await pglite.syncToFs();
            return result;
          }),
  };
}
