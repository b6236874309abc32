import { healthReply, livenessReply, notReadyReply, readinessReply } from '@fieldhouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const NOT_READY_MESSAGE = {
  not_ready: (failed: string[]) => `Not ready: ${failed.join(', ')} failed.`,
  shutting_down: () => 'Shutting down.',
};

/**
 * `/api/health` (kept for existing monitors) and `/live` answer while the process runs, without touching the
 * database; `/ready` runs the readiness checks (database, job engine, ...) and answers 503 with the reason.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { tags: ['system'], response: { 200: healthReply } } }, async () => ({
    data: { status: 'ok' as const },
  }));

  app.get(
    '/api/health/live',
    { schema: { tags: ['system'], response: { 200: livenessReply } } },
    async () => ({
      data: { status: 'ok' as const },
    }),
  );

  app.get(
    '/api/health/ready',
    { schema: { tags: ['system'], response: { 200: readinessReply, 503: notReadyReply } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await app.checkReadiness();
      if (result.status === 'ready')
        return reply.send({ data: { status: 'ready' as const, checks: result.checks } });
      const failed = result.checks
        .filter((c) => c.status === 'failed' || c.status === 'timeout')
        .map((c) => `${c.name} (${c.status})`);
      const message =
        result.status === 'shutting_down'
          ? NOT_READY_MESSAGE.shutting_down()
          : NOT_READY_MESSAGE.not_ready(failed);
      return reply.code(503).send({ message, status: result.status, checks: result.checks });
    },
  );
};
export default healthRoutes;
