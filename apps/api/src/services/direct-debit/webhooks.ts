import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  customers,
  directDebitMandates,
  directDebitPayments,
  directDebitWebhookEvents,
  memberships,
} from '../../db/schema.ts';
import type { JobEngine, WorkOptions } from '../jobs/index.ts';
import { directDebitMandateMail, queueMail } from '../mail/index.ts';
import type { DirectDebitEvent, ProviderPayment } from './gocardless-provider.ts';
import { memberOf, onPaymentEvent } from './payment-events.ts';
import type { DirectDebitProvider } from './provider.ts';

/** The job type that processes one stored webhook event (docs/decisions/037). */
export const DIRECT_DEBIT_WEBHOOK_JOB = 'direct-debit-webhook-event';

const WORK: WorkOptions = { retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 5 * 60, batchSize: 5 };

/** Events written (and their jobs queued) per statement. */
const STORE_CHUNK = 500;

/**
 * Stores a webhook's events, each once by its id (a replayed event inserts nothing and queues nothing), and queues
 * one job per new event in the same transaction. Answers how many were new. Set-based: a statement of up to
 * STORE_CHUNK events, then their jobs in one insert (a body of 3,000 events took 72–74 s one event at a time, longer
 * than a provider waits for its answer).
 */
export async function storeWebhookEvents(
  db: Db,
  jobs: JobEngine,
  provider: string,
  events: DirectDebitEvent[],
): Promise<{ received: number; stored: number }> {
  let stored = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < events.length; i += STORE_CHUNK) {
      const rows = await tx
        .insert(directDebitWebhookEvents)
        .values(
          events.slice(i, i + STORE_CHUNK).map((event) => ({
            id: event.id,
            provider,
            resourceType: event.resourceType,
            action: event.action,
            payload: event,
          })),
        )
        .onConflictDoNothing({ target: directDebitWebhookEvents.id })
        .returning({ id: directDebitWebhookEvents.id });
      stored += rows.length;
      await jobs.sendMany(
        DIRECT_DEBIT_WEBHOOK_JOB,
        rows.map((row) => ({ data: { eventId: row.id }, singletonKey: row.id })),
        { tx },
      );
    }
  });
  if (stored) jobs.wake(DIRECT_DEBIT_WEBHOOK_JOB);
  return { received: events.length, stored };
}

export type WebhookDeps = {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The account site's address for links in mails (null: mails say where without a link). */
  accountUrl: string | null;
  /** Asks the provider about a payment Fieldhouse did not make (a GoCardless subscription), so its events count. */
  findPayment?: (providerPaymentId: string) => Promise<ProviderPayment | null>;
};

/**
 * Processes one stored event, in one transaction with its effects: the event row is locked and marked processed,
 * so a second run (a retried job, or the same event queued twice) changes nothing. Answers what it did.
 */
export async function processWebhookEvent(deps: WebhookDeps, eventId: string): Promise<string> {
  await recordOutsidePayment(deps, eventId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(directDebitWebhookEvents)
      .where(eq(directDebitWebhookEvents.id, eventId))
      .for('update');
    if (!row) return 'ignored: unknown event';
    if (row.processedAt) return row.outcome ?? 'already processed';
    const event = row.payload as DirectDebitEvent;
    const now = deps.now();
    let outcome: string;
    if (event.resourceType === 'mandates') outcome = await onMandateEvent(tx, deps, event, now);
    else if (event.resourceType === 'payments') outcome = await onPaymentEvent(tx, deps, event, now);
    else outcome = `ignored: ${event.resourceType}`;
    await tx
      .update(directDebitWebhookEvents)
      .set({ processedAt: now, outcome })
      .where(eq(directDebitWebhookEvents.id, eventId));
    deps.log.info(
      { eventId, resource: event.resourceType, action: event.action, outcome },
      'Direct-debit event',
    );
    return outcome;
  });
}

/**
 * A payment event about a collection Fieldhouse did not make (set up in GoCardless, e.g. a subscription on the
 * member's mandate) is recorded first, from the provider, when its mandate is ours: its failure then raises the fee
 * or notice like any other. Outside the event's transaction: a network call never holds its lock.
 */
async function recordOutsidePayment(deps: WebhookDeps, eventId: string) {
  if (!deps.findPayment) return;
  const [row] = await deps.db
    .select()
    .from(directDebitWebhookEvents)
    .where(eq(directDebitWebhookEvents.id, eventId));
  const event = row?.payload as DirectDebitEvent | undefined;
  if (!row || row.processedAt || event?.resourceType !== 'payments' || !event.links.payment) return;
  const [known] = await deps.db
    .select({ id: directDebitPayments.id })
    .from(directDebitPayments)
    .where(eq(directDebitPayments.providerPaymentId, event.links.payment));
  if (known) return;
  const found = await deps.findPayment(event.links.payment);
  if (!found) return;
  const [mandate] = await deps.db
    .select({ id: directDebitMandates.id, provider: directDebitMandates.provider })
    .from(directDebitMandates)
    .where(eq(directDebitMandates.providerMandateId, found.providerMandateId));
  if (!mandate || found.amount <= 0) return;
  // The membership it pays for: the member's live membership on this mandate, when there is exactly one.
  const onMandate = await deps.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.mandateId, mandate.id), eq(memberships.awaitingPayment, false)));
  await deps.db
    .insert(directDebitPayments)
    .values({
      mandateId: mandate.id,
      membershipId: onMandate.length === 1 ? onMandate[0]!.id : null,
      provider: mandate.provider,
      providerPaymentId: found.providerPaymentId,
      amount: found.amount,
      chargeDate: found.chargeDate,
    })
    .onConflictDoNothing({ target: directDebitPayments.providerPaymentId });
}

async function onMandateEvent(tx: Tx, deps: WebhookDeps, event: DirectDebitEvent, now: Date) {
  const providerId = event.links.mandate;
  if (!providerId) return 'ignored: no mandate';
  const [mandate] = await tx
    .select()
    .from(directDebitMandates)
    .where(eq(directDebitMandates.providerMandateId, providerId))
    .for('update');
  if (!mandate) return 'ignored: unknown mandate';
  switch (event.action) {
    case 'active':
    case 'reinstated': {
      if (mandate.status === 'active') return 'mandate already active';
      // A mandate we cancelled ourselves (an unused one) stays cancelled; one the bank reinstated is active again.
      if (mandate.status !== 'pending_submission' && event.action !== 'reinstated')
        return `ignored: mandate ${mandate.status}`;
      await tx
        .update(directDebitMandates)
        .set({ status: 'active', activatedAt: now, cancelledAt: null })
        .where(eq(directDebitMandates.id, mandate.id));
      if (event.action === 'reinstated') await setInstruction(tx, mandate.customerId);
      return 'mandate active';
    }
    case 'failed':
    case 'cancelled':
    case 'expired': {
      if (mandate.status === 'cancelled' || mandate.status === 'failed')
        return `mandate already ${mandate.status}`;
      const status = event.action === 'failed' ? 'failed' : 'cancelled';
      await tx
        .update(directDebitMandates)
        .set({ status, cancelledAt: now })
        .where(eq(directDebitMandates.id, mandate.id));
      await setInstruction(tx, mandate.customerId);
      const member = await memberOf(tx, mandate.customerId);
      await queueMail(tx, {
        to: member.email,
        ...directDebitMandateMail({
          clientName: member.clientName,
          firstName: member.firstName,
          outcome: status,
          reference: mandate.reference,
          link: deps.accountUrl ? `${deps.accountUrl}/payments` : null,
        }),
      });
      return `mandate ${status}`;
    }
    default:
      return `noted: mandate ${event.action}`;
  }
}

/** The customer has an instruction while any of their mandates is active (or still being set up and in use). */
async function setInstruction(tx: Tx, customerId: number) {
  const live = await tx
    .select({ id: directDebitMandates.id })
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.customerId, customerId), eq(directDebitMandates.status, 'active')))
    .limit(1);
  await tx
    .update(customers)
    .set({ hasInstruction: live.length > 0 })
    .where(eq(customers.id, customerId));
}

/** Registers the job type that processes stored events (runs where the job engine runs). */
export async function registerDirectDebitWebhooks(jobs: JobEngine, deps: WebhookDeps) {
  await jobs.work<{ eventId: string }>(DIRECT_DEBIT_WEBHOOK_JOB, WORK, async (job) => {
    await processWebhookEvent(deps, job.data.eventId);
  });
}

/**
 * Asks the provider for one collection against a membership's mandate and records it, so the provider's webhooks
 * (confirmed, failed) find it. The idempotency key is the membership and the due day: asking twice for the same
 * day's collection makes one. The scheduled collections call it (services/scheduled-changes/collections.ts).
 */
export async function collectMembershipPayment(
  deps: {
    db: Db;
    directDebit: Pick<DirectDebitProvider, 'name' | 'collect'>;
  },
  input: { membershipId: number; amount: number; chargeDate: string; description: string },
) {
  const [row] = await deps.db
    .select({
      mandateId: directDebitMandates.id,
      reference: directDebitMandates.reference,
      providerMandateId: directDebitMandates.providerMandateId,
      status: directDebitMandates.status,
    })
    .from(memberships)
    .innerJoin(directDebitMandates, eq(directDebitMandates.id, memberships.mandateId))
    .where(eq(memberships.id, input.membershipId));
  if (!row) throw new Error(`Membership ${input.membershipId} has no direct-debit mandate`);
  if (row.status !== 'active' && row.status !== 'pending_submission')
    throw new Error(`The mandate of membership ${input.membershipId} is ${row.status}`);
  const result = await deps.directDebit.collect({
    mandate: { reference: row.reference, providerMandateId: row.providerMandateId },
    amount: input.amount,
    chargeDate: input.chargeDate,
    description: input.description,
    idempotencyKey: `membership-${input.membershipId}-${input.chargeDate}`,
  });
  const [payment] = await deps.db
    .insert(directDebitPayments)
    .values({
      mandateId: row.mandateId,
      membershipId: input.membershipId,
      provider: deps.directDebit.name,
      providerPaymentId: result.providerPaymentId,
      amount: input.amount,
      chargeDate: result.chargeDate,
    })
    .onConflictDoUpdate({
      target: directDebitPayments.providerPaymentId,
      set: { updatedAt: sql`${directDebitPayments.updatedAt}` },
    })
    .returning();
  return payment!;
}

/** One collection of a batch: the membership, the mandate it is paid by (as stored), what and when. */
export type DueCollection = {
  membershipId: number;
  mandate: { id: number; reference: string; providerMandateId: string | null };
  amount: number;
  chargeDate: string;
  description: string;
};

/** How many of a batch's collections are asked of the provider at once. */
const PROVIDER_CONCURRENCY = 8;

/**
 * Asks the provider for a batch of collections, PROVIDER_CONCURRENCY at a time (each with the idempotency key of
 * its membership and due day, as `collectMembershipPayment`), and records every one it accepted in one statement.
 * A collection the provider refuses or that fails in transit is returned with its error and not recorded; the
 * next run asks again with the same key, so the provider makes it once. Recording twice (two runs at once) keeps
 * one row per provider payment.
 */
export async function collectMembershipPayments(
  deps: { db: Db; directDebit: Pick<DirectDebitProvider, 'name' | 'collect'> },
  batch: DueCollection[],
) {
  const outcomes: (
    | { ok: true; providerPaymentId: string; chargeDate: string }
    | { ok: false; error: unknown }
  )[] = new Array(batch.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < batch.length; i = next++) {
      const item = batch[i]!;
      try {
        const result = await deps.directDebit.collect({
          mandate: { reference: item.mandate.reference, providerMandateId: item.mandate.providerMandateId },
          amount: item.amount,
          chargeDate: item.chargeDate,
          description: item.description,
          idempotencyKey: `membership-${item.membershipId}-${item.chargeDate}`,
        });
        outcomes[i] = { ok: true, ...result };
      } catch (error) {
        outcomes[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROVIDER_CONCURRENCY, batch.length) }, worker));
  const accepted = batch.flatMap((item, i) => {
    const outcome = outcomes[i]!;
    return outcome.ok
      ? [
          {
            mandateId: item.mandate.id,
            membershipId: item.membershipId,
            provider: deps.directDebit.name,
            providerPaymentId: outcome.providerPaymentId,
            amount: item.amount,
            chargeDate: outcome.chargeDate,
          },
        ]
      : [];
  });
  if (accepted.length)
    await deps.db
      .insert(directDebitPayments)
      .values(accepted)
      .onConflictDoUpdate({
        target: directDebitPayments.providerPaymentId,
        set: { updatedAt: sql`${directDebitPayments.updatedAt}` },
      });
  return batch.map((item, i) => ({ item, outcome: outcomes[i]! }));
}
