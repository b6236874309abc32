import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { recordWebhookEvent, STRIPE_WEBHOOK_EVENTS } from '../../services/payments/webhook-events.ts';

/** Largest webhook body taken (Stripe's events are a few kilobytes). */
const BODY_LIMIT = 512 * 1024;

/** Reply to a body whose signature does not verify (Stripe retries non-2xx replies; a forger learns nothing). */
export const STRIPE_SIGNATURE_FAILED = 'The webhook signature could not be verified.';

/** Reply to a signed body that is not an event (no id or no type): nothing is stored (issue 41). */
export const STRIPE_EVENT_MALFORMED = 'The webhook event has no id or no type.';

const isNamed = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * POST /api/webhooks/stripe (decision 036), registered only while PAYMENT_PROVIDER=stripe. Stripe calls it, never a
 * browser: no session and no CSRF token (`csrf: false`); it proves itself by the `Stripe-Signature` header, checked by
 * the SDK over the raw body with STRIPE_WEBHOOK_SECRET (a bad or missing signature: 400). A verified event of a type
 * we act on is stored once and processed as a job; a replay answers 200 and changes nothing. A signed body with no
 * event id or type: 400, nothing stored.
 */
const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const stripe = app.stripePayments;
  if (!stripe) return;

  // This plugin's context only: the signature is over the exact bytes, so the body stays a Buffer here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/webhooks/stripe',
    {
      bodyLimit: BODY_LIMIT,
      config: { csrf: false },
      schema: { tags: ['payments'], summary: 'Stripe webhook endpoint (signed by Stripe)', hide: true },
    },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new HttpError(400, STRIPE_SIGNATURE_FAILED);
      let event: ReturnType<typeof stripe.constructEvent>;
      try {
        event = stripe.constructEvent(raw, request.headers['stripe-signature']);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'Stripe webhook refused: bad signature');
        throw new HttpError(400, STRIPE_SIGNATURE_FAILED);
      }
      // The signature proves who sent the bytes, not that they are an event: one without its id cannot be stored
      // once (the id is the key), and it answered 500 (issue 41).
      const named = event as unknown as { id?: unknown; type?: unknown } | null;
      if (!isNamed(named?.id) || !isNamed(named?.type)) {
        request.log.warn('Stripe webhook refused: a signed body with no event id or type');
        throw new HttpError(400, STRIPE_EVENT_MALFORMED);
      }
      if (!(STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type)) {
        return { data: { received: true, stored: false } };
      }
      const result = await recordWebhookEvent(
        { db: app.db, jobs: app.jobs },
        {
          provider: 'stripe',
          eventId: event.id,
          type: event.type,
          payload: JSON.parse(raw.toString('utf8')) as Record<string, unknown>,
          receivedAt: app.now(),
        },
      );
      return { data: { received: true, stored: result === 'stored' } };
    },
  );
};
export default stripeWebhookRoutes;
