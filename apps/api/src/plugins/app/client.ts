import fp from 'fastify-plugin';
import { notFound } from '../../lib/http-errors.ts';
import type { ClientRow } from '../../services/clients/client-service.ts';
import { findClient } from '../../services/clients/client-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured client (cached for a few seconds), or null when there is none yet. */
    findCurrentClient: () => Promise<ClientRow | null>;
    /**
     * A value worked out from the client's settings (theme, footer, venues), kept as long as the cached client
     * row: computed once per key and client row, so at most CLIENT_CACHE_MS old (decision 020). A failure is
     * not kept. 404 when there is no client.
     */
    fromClient: <T>(key: string, compute: (client: ClientRow) => Promise<T>) => Promise<T>;
    invalidateClientCache: () => void;
  }
}

/** How long a process trusts its copy of the client row and what is derived from it (decision 020). */
export const CLIENT_CACHE_MS = 5_000;

type Entry = { row: ClientRow; at: number; derived: Map<string, Promise<unknown>> };

export default fp(
  async (app) => {
    let cached: Entry | null = null;
    let loading: Promise<Entry | null> | null = null;

    const load = async () => {
      const row = await findClient(app.db, app.config.clientId);
      cached = row ? { row, at: Date.now(), derived: new Map() } : null;
      return cached;
    };
    const current = async (): Promise<Entry | null> => {
      if (cached && Date.now() - cached.at < CLIENT_CACHE_MS) return cached;
      // One read for every request that finds the copy stale at the same moment.
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    };

    app.decorate('findCurrentClient', async () => (await current())?.row ?? null);
    app.decorate('fromClient', async <T>(key: string, compute: (client: ClientRow) => Promise<T>) => {
      const entry = await current();
      if (!entry) throw notFound();
      let value = entry.derived.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute(entry.row);
        entry.derived.set(key, value);
        value.catch(() => entry.derived.delete(key));
      }
      return value;
    });
    app.decorate('invalidateClientCache', () => {
      cached = null;
    });
  },
  { name: 'app-client', dependencies: ['app-db'] },
);
