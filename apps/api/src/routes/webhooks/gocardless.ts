import type { FastifyPluginAsync } from 'fastify';
import {
  GOCARDLESS_PROVIDER_NAME,
  InvalidWebhookSignatureError,
  parseGoCardlessWebhook,
} from '../../services/direct-debit/gocardless-provider.ts';
import { storeWebhookEvents } from '../../services/direct-debit/webhooks.ts';

/**
 * POST /api/webhooks/gocardless — GoCardless's webhooks (registered only with DIRECT_DEBIT_PROVIDER=gocardless).
 * The call proves itself by its `Webhook-Signature` (HMAC-SHA256 of the raw body with GOCARDLESS_WEBHOOK_SECRET), so
 * it takes no CSRF token: the body is read raw, checked, then each event is stored once by its id and processed as
 * a job (decision 037). Answers 204 once stored, 498 for a wrong signature (as GoCardless's docs suggest), 400 for a
 * body that is not a webhook, 503 while the job engine is not running (GoCardless retries).
 */
const goCardlessWebhookRoutes: FastifyPluginAsync = async (app) => {
  const secret = app.config.goCardless!.webhookSecret;
  // Encapsulated: only this route reads JSON as raw bytes (the signature is over the exact body).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/webhooks/gocardless',
    {
      config: { csrf: false },
      schema: { tags: ['webhooks'] },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) return reply.code(400).send({ message: 'Expected a JSON body' });
      const signature = request.headers['webhook-signature'];
      let events: ReturnType<typeof parseGoCardlessWebhook>;
      try {
        events = parseGoCardlessWebhook(body, secret, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof InvalidWebhookSignatureError) {
          request.log.warn('GoCardless webhook with a wrong signature refused');
          return reply.code(498).send({ message: 'Invalid signature' });
        }
        request.log.warn({ err }, 'GoCardless webhook body refused');
        return reply.code(400).send({ message: 'Not a GoCardless webhook' });
      }
      if (!app.jobs.isRunning()) return reply.code(503).send({ message: 'Not ready, retry later' });
      const { received, stored } = await storeWebhookEvents(
        app.db,
        app.jobs,
        GOCARDLESS_PROVIDER_NAME,
        events,
      );
      request.log.info({ received, stored }, 'GoCardless webhook stored');
      return reply.code(204).send();
    },
  );
};
export default goCardlessWebhookRoutes;
