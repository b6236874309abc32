import fp from 'fastify-plugin';
import { notSetUp } from '../../lib/http-errors.ts';
import type { ClientRow } from '../../services/clients/client-service.ts';
import { findClient } from '../../services/clients/client-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured client (cached for a few seconds), or null when there is none yet. */
    findCurrentClient: () => Promise<ClientRow | null>;
    /**
     * A value worked out from the client's settings (theme, footer, venues), kept as long as the cached client
     * row: computed once per key and client row, so at most CLIENT_CACHE_MS old (decision 020). A failure is
     * not kept. 503 `not_set_up` when there is no client.
     */
    fromClient: <T>(key: string, compute: (client: ClientRow) => Promise<T>) => Promise<T>;
    invalidateClientCache: () => void;
  }
}

/** How long a process trusts its copy of the client row and what is derived from it (decision 020). */
export const CLIENT_CACHE_MS = 5_000;
/**
 * While there is no client (a first run before the catalogue is imported): how long a process trusts that answer
 * before it reads again, so a client imported by another process is seen within this time, without a restart, at
 * the cost of one small read per interval however many requests come (decision 028).
 */
export const NO_CLIENT_RECHECK_MS = 2_000;

/** The command an operator runs to load their catalogue (named in the start-up log). */
export const IMPORT_COMMAND = 'npm run catalogue -- import <file>';

/** The start-up warning when the database has no client (or none with CLIENT_ID). */
export function noClientWarning(clientId: number | null): string {
  const what = clientId === null ? 'no client' : `no client with CLIENT_ID=${clientId}`;
  return (
    `No catalogue loaded: the database has ${what}, so every site shows 'This site is being set up'. ` +
    `Load one with: ${IMPORT_COMMAND} (see docs/operators.md)`
  );
}

/** A client row (or the knowledge that there is none) and what was worked out from it. */
export type ClientEntry<Row> = { row: Row | null; at: number; derived: Map<string, Promise<unknown>> };

/**
 * The process's copy of the client row: a row is trusted for CLIENT_CACHE_MS, its absence for NO_CLIENT_RECHECK_MS;
 * callers that find the copy stale at the same moment share one read. `onAppear` hears when a client appears after
 * a read found none.
 */
export function createClientCache<Row>(options: {
  load: () => Promise<Row | null>;
  now?: () => number;
  onAppear?: (row: Row) => void;
}) {
  const now = options.now ?? Date.now;
  let cached: ClientEntry<Row> | null = null;
  let loading: Promise<ClientEntry<Row>> | null = null;
  let wasMissing = false;

  const load = async (): Promise<ClientEntry<Row>> => {
    const row = await options.load();
    if (row && wasMissing) options.onAppear?.(row);
    wasMissing = !row;
    cached = { row, at: now(), derived: new Map() };
    return cached;
  };
  const isFresh = (entry: ClientEntry<Row>) =>
    now() - entry.at < (entry.row ? CLIENT_CACHE_MS : NO_CLIENT_RECHECK_MS);
  return {
    current: async (): Promise<ClientEntry<Row>> => {
      if (cached && isFresh(cached)) return cached;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    invalidate: () => {
      cached = null;
    },
  };
}

export default fp(
  async (app) => {
    const cache = createClientCache<ClientRow>({
      load: () => findClient(app.db, app.config.clientId),
      onAppear: (row) =>
        app.log.info({ clientId: row.id, client: row.name }, 'Catalogue loaded: the sites are open'),
    });
    const current = cache.current;

    app.decorate('findCurrentClient', async () => (await current()).row);
    app.decorate('fromClient', async <T>(key: string, compute: (client: ClientRow) => Promise<T>) => {
      const entry = await current();
      const { row } = entry;
      if (!row) throw notSetUp();
      let value = entry.derived.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute(row);
        entry.derived.set(key, value);
        value.catch(() => entry.derived.delete(key));
      }
      return value;
    });
    app.decorate('invalidateClientCache', cache.invalidate);

    // Once, when the server starts listening (after the demo seed, in demo mode): an empty database is a normal
    // first run, not a failure, so the process serves the set-up page and says in the log what to run. That read
    // is not kept: the first request reads again, so a client inserted right after start-up (a script, the cluster
    // test) is not hidden for NO_CLIENT_RECHECK_MS by a read no visitor asked for.
    app.addHook('onListen', async () => {
      if ((await current()).row) return;
      app.log.warn(noClientWarning(app.config.clientId));
      cache.invalidate();
    });
  },
  { name: 'app-client', dependencies: ['app-db'] },
);
