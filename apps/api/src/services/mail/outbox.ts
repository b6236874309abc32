import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (a marketing mail's List-Unsubscribe pair: marketing.ts). */
  headers?: Record<string, string> | null;
};

/**
 * Queues a mail; call it with the caller's transaction so the mail exists only if the change commits. A customer
 * without an email address (a walk-in who gave only a phone number) is sent nothing.
 */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail) {
  if (!mail.to.trim()) return;
  await tx.insert(mailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}

export async function findOutboxMessages(db: DbOrTx, filter: { to?: string; limit?: number } = {}) {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? sql`lower(${mailOutbox.toAddress}) = ${filter.to.trim().toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(filter.limit ?? 200);
}

/** Outbox columns safe to show an operator: never the body (a password-reset link is a secret). */
const summaryColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  error: mailOutbox.error,
  createdAt: mailOutbox.createdAt,
  lastAttemptAt: mailOutbox.lastAttemptAt,
};

export type MailSummary = Awaited<ReturnType<typeof findFailedMail>>[number];

/** Mail that failed for good (every retry used), oldest first. */
export async function findFailedMail(db: DbOrTx, limit = 500) {
  return db
    .select(summaryColumns)
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/**
 * Puts failed mail back in the queue (all failed mail, or the given ids that are failed); the dispatcher then
 * queues a fresh delivery job with a fresh set of retries. Returns the ids re-queued.
 */
export async function requeueFailedMail(db: DbOrTx, ids: number[] | 'all-failed') {
  if (ids !== 'all-failed' && !ids.length) return [];
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', dispatchedAt: null, claimedUntil: null })
    .where(
      and(eq(mailOutbox.status, 'failed'), ids === 'all-failed' ? undefined : inArray(mailOutbox.id, ids)),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function findMailSummaries(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(summaryColumns)
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, ids))
    .orderBy(asc(mailOutbox.id));
}
