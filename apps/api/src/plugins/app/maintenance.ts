import { MAINTENANCE_MESSAGE } from '@fieldhouse/contract';
import fp from 'fastify-plugin';

/** MAINTENANCE_MODE: every API call except health answers 503 (the web app then shows its maintenance screen). */
export default fp(
  async (app) => {
    if (!app.config.maintenanceMode) return;
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/') && !request.url.startsWith('/api/health')) {
        return reply.code(503).header('retry-after', '600').send({ message: MAINTENANCE_MESSAGE });
      }
    });
  },
  { name: 'app-maintenance' },
);
