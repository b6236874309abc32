import type { Tx } from './client.ts';

/** The error itself and its causes (Drizzle wraps the driver's error in `cause`). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed/i;

/** A query failed because its connection died or none could be opened: worth a 503 and a retry, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_NET.has(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL refused the login or the database: retrying will not help (bad password, unknown role or database). */
export function isLoginRefused(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && /^(28|3D)/.test(e.code)) return true;
  }
  return false;
}

/** The innermost message, without the SQL Drizzle prefixes ("Failed query: ..."). */
export function rootMessage(err: unknown): string {
  let message = String(err);
  for (const e of chain(err)) {
    if (typeof e.message === 'string' && e.message) message = e.message;
    const code = (e as { code?: unknown }).code;
    if (!e.message && typeof code === 'string') message = code;
  }
  return message.split('\n')[0]!;
}

/**
 * PostgreSQL ended the transaction to break a deadlock (40P01) or a serialization conflict (40001): nothing in it
 * was kept, and running it again normally succeeds. Seen in the cluster test: a process killed mid-request left a
 * basket change waiting on its lock, and the member's checkout, retried on another process, deadlocked with it.
 */
export function isTransactionConflict(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '40P01' || e.code === '40001') return true;
  return false;
}

/**
 * Runs `work` (one whole transaction) again when PostgreSQL ends it with a deadlock or serialization conflict, up
 * to `attempts` times in all, after a short random pause so the two sides do not meet again. Only for transactions
 * that are safe to repeat: everything they write is rolled back with them, and what they ask of a provider carries
 * an idempotency key.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransactionConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/**
 * `db.transaction(work)`, run again after a deadlock or serialization conflict (`retryOnConflict`): for a
 * transaction that is safe to repeat. Everything it writes rolls back with it (mail too: it goes through the
 * outbox, in the transaction), and what it asks of a provider carries an idempotency key (checkout's charge).
 */
export function transactionRetried<T>(
  db: { transaction: <R>(work: (tx: Tx) => Promise<R>) => Promise<R> },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return retryOnConflict(() => db.transaction(work));
}
