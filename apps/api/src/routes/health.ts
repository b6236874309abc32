import { healthReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: healthReply } } }, async () => ({
    data: { status: 'ok' as const },
  }));
};
export default healthRoutes;
