import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Decorates `app.db`; closes the database on app close only when the app opened it. */
export default fp<{ database: Database; owned: boolean }>(
  async (app, opts) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.owned) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'app-db' },
);
