import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { JobContext, JobEngine, WorkOptions } from '../jobs/index.ts';
import type { MailSender } from './sender.ts';

/** The job type that delivers one outbox mail: `{ mailId }`. */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

/**
 * 12 attempts: the first at once, then retries after 30–60 s, 1–2 min, 2–4 min, … doubling with jitter, each at
 * most 6 hours: the last attempt comes about 12–24 hours after the first (docs/decisions/015).
 */
export const MAIL_RETRY = {
  retryLimit: 11,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 6 * 60 * 60,
  concurrency: 2,
  // One mail per worker at a time: a process that dies mid-send was sending at most `concurrency` mails, the only
  // ones that can go out twice (accepted by the SMTP server, not yet marked sent; same Message-ID).
  batchSize: 1,
} satisfies WorkOptions;

export const DEFAULT_ATTEMPT_TIMEOUT_SECONDS = 300;

/**
 * How long one attempt may take (MAIL_ATTEMPT_TIMEOUT_SECONDS, default 300): past it the attempt counts as crashed
 * (its process died) and the mail is tried again. The attempt's claim on its mail lapses a little earlier, so the
 * retry finds it free; the SMTP timeouts (sender.ts) are a fraction of it, so a hung server fails the attempt first.
 */
export const attemptTiming = (attemptTimeoutSeconds = DEFAULT_ATTEMPT_TIMEOUT_SECONDS) => ({
  expireInSeconds: attemptTimeoutSeconds,
  claimSeconds: Math.max(1, Math.floor(attemptTimeoutSeconds * 0.8)),
});
/** How often each process looks for mail that has no delivery job yet. */
export const MAIL_DISPATCH_INTERVAL_MS = 2_000;

type MailJob = { mailId: number };

/**
 * A queued mail dispatched this long ago has no live job any more (every retry of a job falls within about
 * 24 hours), e.g. its last attempt died with its process: it is dispatched again.
 */
const ORPHAN_AFTER_HOURS = 48;

/**
 * Queues one delivery job per outbox mail that has none yet, in one transaction with marking the mails
 * dispatched. The rows are locked FOR UPDATE SKIP LOCKED, so processes dispatching at once take different mail
 * and every mail gets exactly one job.
 */
export async function dispatchQueuedMail(db: Db, jobs: JobEngine, limit = 100) {
  const dispatched = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'queued'),
          or(
            isNull(mailOutbox.dispatchedAt),
            sql`${mailOutbox.dispatchedAt} < now() - make_interval(hours => ${ORPHAN_AFTER_HOURS})`,
          ),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!rows.length) return 0;
    const ids = rows.map((r) => r.id);
    await jobs.sendMany<MailJob>(
      MAIL_DELIVERY_JOB,
      ids.map((mailId) => ({ data: { mailId }, singletonKey: `mail-${mailId}` })),
      { tx },
    );
    await tx.update(mailOutbox).set({ dispatchedAt: sql`now()` }).where(inArray(mailOutbox.id, ids));
    return ids.length;
  });
  if (dispatched) jobs.wake(MAIL_DELIVERY_JOB);
  return dispatched;
}

/** The seconds pg-boss waits before the retry after a failed attempt (0-based `retryCount`): [min, max]. */
export function retryDelayWindow(retryCount: number, delay: number = MAIL_RETRY.retryDelaySeconds) {
  const { retryDelayMaxSeconds: cap } = MAIL_RETRY;
  const base = delay * 2 ** Math.min(16, retryCount);
  return [Math.min(cap, base), Math.min(cap, 2 * base)] as const;
}

/**
 * One delivery attempt. The mail is claimed by a conditional UPDATE (still queued, no live claim), so even two
 * jobs for one mail could not send it twice at once; a mail already sent or failed completes the job unsent.
 */
export type DeliveryContext = {
  db: Db;
  sender: MailSender;
  log: FastifyBaseLogger;
  /** MAIL_ATTEMPT_TIMEOUT_SECONDS (attemptTiming); default 300. */
  attemptTimeoutSeconds?: number;
  /** MAIL_RETRY_DELAY_SECONDS: the first retry's delay (MAIL_RETRY's 30 s by default); later ones double. */
  retryDelaySeconds?: number;
};

export async function deliverMail(ctx: DeliveryContext, job: JobContext<MailJob>) {
  const { db, sender, log } = ctx;
  const { mailId } = job.data;
  const [mail] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastAttemptAt: sql`now()`,
      claimedUntil: sql`now() + make_interval(secs => ${attemptTiming(ctx.attemptTimeoutSeconds).claimSeconds})`,
    })
    .where(
      and(
        eq(mailOutbox.id, mailId),
        eq(mailOutbox.status, 'queued'),
        sql`(${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} < now())`,
      ),
    )
    .returning();
  if (!mail) {
    const [row] = await db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mailId));
    if (row?.status !== 'queued') return; // sent, failed or gone: nothing left to do
    throw new Error(`Mail ${mailId} is held by another delivery attempt`);
  }

  const context = { mailId, kind: mail.kind, attempt: job.attempt, maxAttempts: job.maxAttempts };
  try {
    await sender.send({
      id: `outbox-${mail.id}`,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers,
    });
  } catch (err) {
    const smtpError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    await db
      .update(mailOutbox)
      .set({ status: job.isLastAttempt ? 'failed' : 'queued', error: smtpError, claimedUntil: null })
      .where(eq(mailOutbox.id, mailId));
    if (job.isLastAttempt) {
      log.error(
        { ...context, smtpError },
        `Mail ${mailId} failed for good; re-queue it with: npm run mail -- requeue ${mailId}`,
      );
    } else {
      const [min, max] = retryDelayWindow(job.attempt - 1, ctx.retryDelaySeconds);
      log.warn(
        { ...context, smtpError, nextTryInSeconds: { min, max } },
        `Mail ${mailId} not delivered (attempt ${job.attempt} of ${job.maxAttempts}); next try in ${min}–${max} s`,
      );
    }
    throw err;
  }
  // A crash between the SMTP server's acceptance and this update sends the mail again on retry
  // (at-least-once window, docs/decisions/015).
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, error: null, claimedUntil: null })
    .where(eq(mailOutbox.id, mailId));
  log.info(context, 'Mail sent');
}

/**
 * Mail delivery on the job engine: a dispatcher in every process gives each queued outbox mail one delivery job,
 * and the job sends it with retries (MAIL_RETRY). Not registered without a sender (no SMTP_URL): mail then stays
 * queued in the outbox (the demo page) and nothing is marked sent.
 */
export async function registerMailDelivery(jobs: JobEngine, ctx: DeliveryContext) {
  await jobs.work<MailJob>(
    MAIL_DELIVERY_JOB,
    {
      ...MAIL_RETRY,
      retryDelaySeconds: ctx.retryDelaySeconds ?? MAIL_RETRY.retryDelaySeconds,
      expireInSeconds: attemptTiming(ctx.attemptTimeoutSeconds).expireInSeconds,
    },
    (job) => deliverMail(ctx, job),
  );
  jobs.poll('mail-dispatch', MAIL_DISPATCH_INTERVAL_MS, () => dispatchQueuedMail(ctx.db, jobs));
}
