import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { activitySessions, customers, refunds } from '../../../db/schema.ts';
import { toMoney } from '../../../lib/money.ts';
import { paginate } from '../../../lib/pagination.ts';
import type { JobEngine, WorkOptions } from '../../jobs/index.ts';
import type { PaymentProvider } from '../../payments/index.ts';
import { recordAudit, systemActor } from '../audit.ts';

/** The job type that asks the card provider for one pending refund (issue 35, decision 064). */
export const CARD_REFUND_JOB = 'card-refund';

/**
 * Retried until the provider has made it: a minute, then doubling (with jitter) up to six hours between tries, for
 * about a week. One that still fails stays 'pending' in staff's list with its last error.
 */
const WORK: WorkOptions = {
  retryLimit: 40,
  retryDelaySeconds: 60,
  retryBackoff: true,
  retryDelayMaxSeconds: 6 * 3600,
  expireInSeconds: 5 * 60,
  batchSize: 5,
};

export type CardRefundDeps = { db: Db; payments: PaymentProvider; log: FastifyBaseLogger; now: () => Date };

/**
 * Makes one pending card refund: locks its row (a second run of the same job waits, then finds it made), asks the
 * provider with the refund's own idempotency key (a retry after a lost reply is the same refund at Stripe; the
 * sandbox writes in this transaction), marks it made and writes the audit entry, all in one transaction. A failure
 * is counted on the row (attempts, last error) for staff, then thrown so the job engine tries again.
 */
export async function runCardRefund(deps: CardRefundDeps, refundId: number) {
  try {
    await deps.db.transaction(async (tx) => {
      const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
      if (refund?.status !== 'pending' || refund.destination !== 'card') return;
      const made = await deps.payments.refund(
        refund.providerChargeId!,
        refund.amount,
        refund.idempotencyKey,
        { db: tx },
      );
      const now = deps.now();
      await tx
        .update(refunds)
        .set({
          status: 'succeeded',
          providerRefundId: made.refundId,
          refundedAt: now,
          attempts: sql`${refunds.attempts} + 1`,
          lastError: null,
        })
        .where(eq(refunds.id, refund.id));
      await recordAudit(tx, systemActor('Card refunds'), now, {
        action: 'refund.card_refunded',
        entity: 'refund',
        entityId: refund.id,
        before: { status: 'pending', attempts: refund.attempts },
        after: {
          status: 'succeeded',
          amount: refund.amount,
          customer_id: refund.customerId,
          order_id: refund.orderId,
          booking_id: refund.bookingId,
          provider_refund_id: made.refundId,
          reason: refund.reason,
        },
      });
      deps.log.info({ refundId: refund.id, amount: refund.amount }, 'Card refund made');
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await deps.db
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, lastError: message.slice(0, 500) })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    deps.log.warn({ refundId, err }, 'Card refund failed: the job engine will try again');
    throw err;
  }
}

export async function registerCardRefunds(jobs: JobEngine, deps: CardRefundDeps) {
  await jobs.work<{ refundId: number }>(CARD_REFUND_JOB, WORK, async (job) => {
    await runCardRefund(deps, job.data.refundId);
  });
}

/**
 * Card refunds the provider has not made yet, oldest first, at the given venues ('all': every one), a page at a time
 * with the total: staff see them, with how often they were tried and the last error, until they are made. The page
 * is read in `refunds_pending_idx` order (created_at, only pending rows), so a page costs its own rows, not the
 * operator's history.
 */
export async function findPendingCardRefunds(
  db: Db,
  venueIds: 'all' | number[],
  query: { page: number; per_page: number },
) {
  // A refund of a session belongs to the session's venue; one of another line (a membership, a package, refunded
  // by staff from the member's record) to the member's home venue, as the refund's own scope (decision 074).
  const where = and(
    eq(refunds.status, 'pending'),
    eq(refunds.destination, 'card'),
    venueIds === 'all'
      ? undefined
      : inArray(
          sql`coalesce(${activitySessions.venueId}, ${customers.homeVenueId})`,
          venueIds.length ? venueIds : [0],
        ),
  );
  const [total] = await db
    .select({ n: count() })
    .from(refunds)
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .leftJoin(activitySessions, eq(activitySessions.id, refunds.activitySessionId))
    .where(where);
  const { offset, limit, pagination } = paginate({
    page: query.page,
    perPage: query.per_page,
    totalRecords: Number(total?.n ?? 0),
  });
  if (pagination.first_record_on_current_page === 0) return { refunds: [], pagination };
  const rows = await db
    .select({
      id: refunds.id,
      customerId: refunds.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      orderId: refunds.orderId,
      bookingId: refunds.bookingId,
      amount: refunds.amount,
      reason: refunds.reason,
      attempts: refunds.attempts,
      lastError: refunds.lastError,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .leftJoin(activitySessions, eq(activitySessions.id, refunds.activitySessionId))
    .where(where)
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit)
    .offset(offset);
  return {
    refunds: rows.map((r) => ({
      id: r.id,
      customer_id: r.customerId,
      customer_name: `${r.firstName} ${r.lastName}`,
      order_id: r.orderId,
      booking_id: r.bookingId,
      amount: toMoney(r.amount),
      reason: r.reason,
      attempts: r.attempts,
      last_error: r.lastError,
      created_at: r.createdAt.toISOString(),
    })),
    pagination,
  };
}
