import fp from 'fastify-plugin';
import type { ClientRow } from '../../services/clients/client-service.ts';
import { findClient } from '../../services/clients/client-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured client (cached for a few seconds), or null when there is none yet. */
    findCurrentClient: () => Promise<ClientRow | null>;
    invalidateClientCache: () => void;
  }
}

const CACHE_MS = 5_000;

export default fp(
  async (app) => {
    let cached: { row: ClientRow; at: number } | null = null;
    app.decorate('findCurrentClient', async () => {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.row;
      const row = await findClient(app.db, app.config.clientId);
      cached = row ? { row, at: Date.now() } : null;
      return row;
    });
    app.decorate('invalidateClientCache', () => {
      cached = null;
    });
  },
  { name: 'app-client', dependencies: ['app-db'] },
);
