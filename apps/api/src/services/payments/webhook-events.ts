import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { paymentWebhookEvents } from '../../db/schema.ts';
import type { JobEngine } from '../jobs/index.ts';

/** The job type that processes one stored webhook event (decision 036). */
export const PAYMENT_WEBHOOK_JOB = 'payment-webhook';

export type WebhookEventRow = typeof paymentWebhookEvents.$inferSelect;
export type WebhookJobData = { provider: WebhookEventRow['provider']; eventId: string };

/** The Stripe events we subscribe to and act on; any other verified event is acknowledged and not stored. */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
] as const;

/**
 * Stores a verified event once (keyed by the provider's event id) and queues its job in the same transaction.
 * A replay (Stripe retries, or sends an event twice) finds the row: nothing is stored or queued again.
 */
export async function recordWebhookEvent(
  deps: { db: Db; jobs: JobEngine },
  event: {
    provider: WebhookEventRow['provider'];
    eventId: string;
    type: string;
    payload: Record<string, unknown>;
    receivedAt: Date;
  },
): Promise<'stored' | 'replay'> {
  const stored = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentWebhookEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        payload: event.payload,
        receivedAt: event.receivedAt,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (!inserted.length) return false;
    const data: WebhookJobData = { provider: event.provider, eventId: event.eventId };
    await deps.jobs.send(PAYMENT_WEBHOOK_JOB, data, {
      tx,
      singletonKey: `${event.provider}:${event.eventId}`,
    });
    return true;
  });
  if (stored) deps.jobs.wake(PAYMENT_WEBHOOK_JOB);
  return stored ? 'stored' : 'replay';
}

export async function findWebhookEvent(db: DbOrTx, key: WebhookJobData, lock = false) {
  const query = db
    .select()
    .from(paymentWebhookEvents)
    .where(
      and(eq(paymentWebhookEvents.provider, key.provider), eq(paymentWebhookEvents.eventId, key.eventId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Marks the event processed with what was done; false when another run marked it first (nothing to record). */
export async function markWebhookProcessed(db: DbOrTx, key: WebhookJobData, outcome: string, at: Date) {
  const updated = await db
    .update(paymentWebhookEvents)
    .set({ status: 'processed', outcome, processedAt: at })
    .where(
      and(
        eq(paymentWebhookEvents.provider, key.provider),
        eq(paymentWebhookEvents.eventId, key.eventId),
        eq(paymentWebhookEvents.status, 'received'),
      ),
    )
    .returning({ eventId: paymentWebhookEvents.eventId });
  return updated.length > 0;
}
