import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutgoingMail = { kind: string; to: string; subject: string; text: string; html?: string | null };

/** Queues a mail; call it with the caller's transaction so the mail exists only if the change commits. */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail) {
  await tx.insert(mailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
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

export const MAX_ATTEMPTS = 5;

export async function findQueuedMail(db: DbOrTx, limit = 20) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

export async function markMailSent(db: DbOrTx, id: number, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, error: null, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: DbOrTx, id: number, attempts: number, error: string) {
  await db
    .update(mailOutbox)
    .set({
      status: attempts + 1 >= MAX_ATTEMPTS ? 'failed' : 'queued',
      error: error.slice(0, 1000),
      attempts: attempts + 1,
    })
    .where(eq(mailOutbox.id, id));
}
