import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { deliverMail, dispatchQueuedMail, MAIL_DELIVERY_JOB } from '../src/services/mail/delivery.ts';
import { queueMail } from '../src/services/mail/outbox.ts';
import type { MailSender } from '../src/services/mail/sender.ts';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();

/** Counts every send per address, across all the "processes" of a test. */
function countingSenders() {
  const sends = new Map<string, number>();
  const byInstance = new Map<string, number>();
  const messageIds = new Set<string>();
  const make = (instance: string): MailSender => ({
    async send(message) {
      messageIds.add(message.id ?? '');
      await new Promise((r) => setTimeout(r, Math.random() * 10));
      sends.set(message.to, (sends.get(message.to) ?? 0) + 1);
      byInstance.set(instance, (byInstance.get(instance) ?? 0) + 1);
    },
  });
  return { sends, byInstance, messageIds, make };
}

const waitFor = async (done: () => Promise<boolean>, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('mail delivery with several processes', () => {
  it('two app instances, each with its own engine and pollers, send each of 50 mails exactly once', async () => {
    const senders = countingSenders();
    const jobs = { start: true, pollingIntervalSeconds: 0.5 } as const;
    const a = await t.buildTestApp({}, { mailSender: senders.make('a'), jobs });
    const b = await t.buildTestApp({}, { mailSender: senders.make('b'), jobs });
    const addresses = Array.from({ length: 50 }, (_, i) => `member${i}@cluster.test`);
    for (const to of addresses)
      await queueMail(t.db, { kind: 'welcome', to, subject: 'Welcome', text: 'Hello' });

    const sentCount = async () =>
      (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length;
    await waitFor(async () => (await sentCount()) === 50);
    // Give any duplicate a chance to show up before counting.
    await new Promise((r) => setTimeout(r, 1500));

    expect([...senders.sends.keys()].sort()).toEqual([...addresses].sort());
    expect([...senders.sends.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    // Each mail carries its outbox id as a stable Message-ID.
    expect([...senders.messageIds].sort()).toEqual(rows.map((r) => `outbox-${r.id}`).sort());
    // One delivery job per mail, however many dispatchers ran.
    const jobsFound = await a.jobs.findJobs(MAIL_DELIVERY_JOB);
    expect(jobsFound).toHaveLength(50);
    expect(new Set(jobsFound.map((j) => (j.data as { mailId: number }).mailId)).size).toBe(50);
    console.info('mail sends per instance', Object.fromEntries(senders.byInstance));
    await a.close();
    await b.close();
  });

  it('dispatchers running at once give each mail exactly one job', async () => {
    const one = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
    const two = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
    // No sender (no SMTP): these apps run no mail work of their own; the queue exists from the test above.
    const before = (await one.jobs.findJobs(MAIL_DELIVERY_JOB)).length;
    for (let i = 0; i < 40; i++)
      await queueMail(t.db, { kind: 'welcome', to: `d${i}@cluster.test`, subject: 'Welcome', text: 'x' });
    const counts = await Promise.all([
      dispatchQueuedMail(t.db, one.jobs, 7),
      dispatchQueuedMail(t.db, two.jobs, 7),
      dispatchQueuedMail(t.db, one.jobs, 7),
      dispatchQueuedMail(t.db, two.jobs, 7),
      dispatchQueuedMail(t.db, one.jobs, 100),
      dispatchQueuedMail(t.db, two.jobs, 100),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    const after = await one.jobs.findJobs(MAIL_DELIVERY_JOB);
    expect(after.length - before).toBe(40);
  });

  it('two attempts at the same mail at once (e.g. a job retried while a slow attempt still runs) send it once', async () => {
    await queueMail(t.db, { kind: 'welcome', to: 'race@cluster.test', subject: 'Welcome', text: 'x' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'race@cluster.test'));
    const app = await t.buildTestApp();
    let sends = 0;
    let releaseSmtp = () => {};
    const smtpAnswers = new Promise<void>((resolve) => {
      releaseSmtp = resolve;
    });
    // A slow SMTP server: the first attempt holds the mail until the test lets the server answer.
    const sender: MailSender = {
      async send() {
        await smtpAnswers;
        sends++;
      },
    };
    const ctx = { db: t.db, sender, log: app.log };
    const job = (attempt: number) => ({
      id: 'job-1',
      name: MAIL_DELIVERY_JOB,
      data: { mailId: mail!.id },
      attempt,
      maxAttempts: 12,
      isLastAttempt: false,
    });
    const slow = deliverMail(ctx, job(1));
    await waitFor(
      async () =>
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id)))[0]!.claimedUntil !== null,
    );
    await expect(deliverMail(ctx, job(2))).rejects.toThrow(
      `Mail ${mail!.id} is held by another delivery attempt`,
    );
    releaseSmtp();
    await slow;
    // A later attempt finds it sent and completes without sending.
    await deliverMail(ctx, job(3));
    expect(sends).toBe(1);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
