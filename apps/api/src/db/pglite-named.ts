import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named statements on PGlite (issue 12; decisions 048 and 051). PGlite's `query` parses, describes, plans and runs
 * every statement anew: six calls into PostgreSQL, and the planning of a 12-table join on every basket read. Here
 * every statement with parameters that Drizzle (or the job engine) sends runs as a named statement, one name per SQL
 * text: it is parsed and described once per instance, and each run is one call (bind, describe, execute, sync) under
 * PGlite's own locks. On PostgreSQL, node-postgres does the same for the queries built once in `prepared.ts`.
 */

type Named = { types: number[] };
const statements = new WeakMap<PGlite, Map<string, Named>>();

/**
 * Call once when the instance opens: from then on its parameterised statements, and those of its transactions, run
 * as named statements (`query` is replaced on the instance and on each transaction).
 */
export function nameStatementsByText(pglite: PGlite) {
  // Outside a transaction a statement takes the transaction lock and the query lock, as `query` does (so it waits
  // for a transaction in progress rather than running inside it), and syncs the folder after; inside one it takes
  // only the query lock the transaction leaves free.
  const outside: Locked = (run) =>
    pglite._runExclusiveTransaction(async () => {
      const result = await pglite._runExclusiveQuery(run);
      await pglite.syncToFs();
      return result;
    });
  const inside: Locked = (run) => pglite._runExclusiveQuery(run);
  pglite.query = namedByText(pglite, pglite.query.bind(pglite), outside) as PGlite['query'];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = namedByText(pglite, tx.query, inside) as Transaction['query'];
      return callback(tx);
    });
}

/** Statements that are planned, and so worth a name; anything else (BEGIN, DDL, several statements) runs as before. */
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * At most this many texts get a name (each holds its parse tree and plans in the instance's memory). The app sends
 * a few hundred distinct texts; a multi-row insert's text changes with its number of rows, so the rest run unnamed.
 * The integration tests' workers run many files' texts through one process (isolate: false): 1,000 was reached
 * there on 2026-12-02 and a file's statements ran unnamed, so the ceiling is 3,000; a server never nears it.
 */
const MAX_NAMES = 3000;
const names = new Map<string, string>();

/** The statement name for a text: the same in every instance, null once MAX_NAMES texts have one. */
function statementNameFor(text: string): string | null {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_NAMES) return null;
    name = `fh_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
/** Runs a statement under the locks its caller needs. */
type Locked = (run: () => Promise<Results>) => Promise<Results>;

/** `query` of the instance or of a transaction, with its parameterised planned statements run by name. */
function namedByText(pglite: PGlite, query: Query, locked: Locked): Query {
  return (text, params, options) => {
    const name = params?.length && !options?.blob && PLANNED.test(text) ? statementNameFor(text) : null;
    return name ? locked(() => run(pglite, name, text, params ?? [], options)) : query(text, params, options);
  };
}

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
