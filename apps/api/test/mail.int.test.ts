import { eq } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { runMailCommand } from '../src/cli/mail-command.ts';
import { mailOutbox } from '../src/db/schema.ts';
import { MAIL_DELIVERY_JOB } from '../src/services/mail/delivery.ts';
import { queueMail } from '../src/services/mail/outbox.ts';
import type { MailMessage, MailSender } from '../src/services/mail/sender.ts';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();

/** A MailSender that fails the next N sends (as an SMTP server that is down), then delivers. */
function fakeSender() {
  let failures = 0;
  const calls: string[] = [];
  const delivered: MailMessage[] = [];
  const sender: MailSender & { calls: string[]; delivered: MailMessage[]; failNext(n: number): void } = {
    calls,
    delivered,
    failNext: (n) => {
      failures = n;
    },
    async send(message) {
      calls.push(message.to);
      if (failures > 0) {
        failures--;
        throw new Error('421 4.3.2 Service not available, closing transmission channel');
      }
      delivered.push(message);
    },
  };
  return sender;
}

type LogLine = { level: number; msg: string; [key: string]: unknown };
const logs: LogLine[] = [];
/** Captures the app's log lines (info and up) to assert on them; error lines are checked by each test. */
const captureLogger = {
  level: 'info',
  stream: { write: (line: string) => logs.push(JSON.parse(line) as LogLine) },
};

// A minute ahead of the real time: mail jobs are stamped by the database's clock, so a job queued now is due on this
// clock at once (a fixed date made every delivery test fail once the real time passed it).
const clock = new TestClock(new Date(Date.now() + 60_000));
const sender = fakeSender();
const app = await t.buildTestApp(
  {},
  { mailSender: sender, logger: captureLogger, jobs: { start: true, clock, workers: false } },
);

const RESET_LINK = 'https://account.test/reset-password/SECRET-RESET-TOKEN';
async function queueResetMail(to: string) {
  await queueMail(t.db, {
    kind: 'password_reset',
    to,
    subject: 'Reset your password',
    text: `Choose a new password here: ${RESET_LINK}`,
  });
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row!;
}
const findMail = async (id: number) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const deliveryJob = async (mailId: number) => {
  const jobs = await app.jobs.findJobs(MAIL_DELIVERY_JOB, { data: { mailId } });
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
};
/** Moves the clock just past the job's next attempt, then runs what is due. */
async function runNextAttempt(mailId: number) {
  const job = await deliveryJob(mailId);
  await clock.setTime(job.startAfter.getTime() + 1000);
  return app.jobs.runDueJobs();
}
const errorLines = () => logs.filter((l) => l.level >= 50);

describe('mail outbox', () => {
  it('is listed newest first in the demo outbox page and JSON, with clickable links', async () => {
    const quiet = await t.buildTestApp();
    await queueMail(t.db, { kind: 'test', to: 'a@example.test', subject: 'First', text: 'Hello' });
    await queueMail(t.db, {
      kind: 'test',
      to: 'b@example.test',
      subject: 'Second <b>',
      text: 'Go to https://x.test/a?b=1',
    });
    const json = (await quiet.inject({ method: 'GET', url: '/api/dev/mail/messages' })).json().data;
    expect(json.map((m: { subject: string }) => m.subject)).toEqual(['Second <b>', 'First']);
    const filtered = (
      await quiet.inject({ method: 'GET', url: '/api/dev/mail/messages?to=A@example.test' })
    ).json().data;
    expect(filtered).toHaveLength(1);
    const page = await quiet.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(page.body).toContain('Second &lt;b&gt;');
    expect(page.body).toContain('<a href="https://x.test/a?b=1">https://x.test/a?b=1</a>');
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('First'));
    // Deliver these two so the tests below start from an empty queue.
    await app.jobs.runDueJobs();
    expect(sender.delivered.map((m) => m.to).sort()).toEqual(['a@example.test', 'b@example.test']);
    sender.delivered.length = 0;
    sender.calls.length = 0;
  });
});

describe('mail delivery on the job engine', () => {
  it('a mail is delivered once after SMTP failures, each retry waiting about twice as long as the last', async () => {
    logs.length = 0;
    sender.failNext(3);
    const mail = await queueResetMail('reset@example.test');

    expect(await app.jobs.runDueJobs()).toBe(1); // dispatched and tried at once: fails
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = await deliveryJob(mail.id);
      expect(job.state).toBe('retry');
      delays.push((job.startAfter.getTime() - clock.now()) / 1000);
      expect(await app.jobs.runDueJobs()).toBe(0); // not due yet
      expect(sender.calls).toHaveLength(attempt);
      await runNextAttempt(mail.id);
    }

    // retryDelay 30 s with backoff: 30–60 s, 60–120 s, 120–240 s.
    expect(delays[0]).toBeGreaterThanOrEqual(30);
    expect(delays[0]).toBeLessThanOrEqual(60);
    expect(delays[1]).toBeGreaterThanOrEqual(60);
    expect(delays[1]).toBeLessThanOrEqual(120);
    expect(delays[2]).toBeGreaterThanOrEqual(120);
    expect(delays[2]).toBeLessThanOrEqual(240);
    expect(sender.calls).toEqual(Array(4).fill('reset@example.test'));
    expect(sender.delivered).toHaveLength(1);
    expect(await findMail(mail.id)).toMatchObject({
      status: 'sent',
      attempts: 4,
      error: null,
      claimedUntil: null,
    });
    expect((await deliveryJob(mail.id)).state).toBe('completed');

    // Nothing sends it again, however long we wait.
    await clock.setTime(clock.now() + 48 * 3600_000);
    expect(await app.jobs.runDueJobs()).toBe(0);
    expect(sender.delivered).toHaveLength(1);

    // Each failure is explained (mail id, kind, attempt, next try, SMTP error), never with the body.
    const retries = logs.filter((l) => l.mailId === mail.id && l.level === 40);
    expect(retries.map((l) => [l.kind, l.attempt, l.maxAttempts])).toEqual([
      ['password_reset', 1, 12],
      ['password_reset', 2, 12],
      ['password_reset', 3, 12],
    ]);
    expect(retries[0]!.smtpError).toContain('421 4.3.2 Service not available');
    expect(retries[0]!.nextTryInSeconds).toEqual({ min: 30, max: 60 });
    expect(retries[0]!.msg).toContain('next try in 30–60 s');
    expect(JSON.stringify(logs)).not.toContain('SECRET-RESET-TOKEN');
    expect(errorLines()).toEqual([]);
    sender.delivered.length = 0;
    sender.calls.length = 0;
  });

  it('a mail failing past the limit is failed with its last error, listed, and re-queued by the CLI', async () => {
    logs.length = 0;
    sender.failNext(12);
    const mail = await queueResetMail('outage@example.test');
    await app.jobs.runDueJobs();
    const firstTry = clock.now();
    for (let attempt = 2; attempt <= 12; attempt++) {
      expect((await deliveryJob(mail.id)).state).toBe('retry');
      await runNextAttempt(mail.id);
    }
    const lastTry = clock.now();
    expect(sender.calls).toHaveLength(12);
    // 12 attempts spread over hours (the delays double from 30 s, capped at 6 h), not 25 seconds.
    const hours = (lastTry - firstTry) / 3600_000;
    expect(hours).toBeGreaterThan(12);
    expect(hours).toBeLessThan(24);
    expect((await deliveryJob(mail.id)).state).toBe('failed');
    const failed = await findMail(mail.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 12 });
    expect(failed.error).toContain('421 4.3.2 Service not available');
    // No attempt is left: waiting longer sends nothing.
    await clock.setTime(clock.now() + 48 * 3600_000);
    expect(await app.jobs.runDueJobs()).toBe(0);

    expect(errorLines()).toHaveLength(1);
    expect(errorLines()[0]).toMatchObject({
      mailId: mail.id,
      kind: 'password_reset',
      attempt: 12,
      maxAttempts: 12,
    });
    expect(errorLines()[0]!.msg).toContain(`npm run mail -- requeue ${mail.id}`);
    expect(JSON.stringify(logs)).not.toContain('SECRET-RESET-TOKEN');

    // Visible on the demo outbox page with its status, attempts and error.
    const page = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(page.body).toContain('failed after 12 attempts');
    expect(page.body).toContain('421 4.3.2 Service not available');

    // The CLI lists it (never the body) and re-queues it.
    const out: string[] = [];
    expect(await runMailCommand(t.db, ['failed'], (l) => out.push(l))).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toContain(`#${mail.id} | password_reset | to outage@example.test`);
    expect(out[0]).toContain('12 attempts');
    expect(out.join('\n')).not.toContain('SECRET-RESET-TOKEN');

    out.length = 0;
    expect(await runMailCommand(t.db, ['requeue', String(mail.id)], (l) => out.push(l))).toBe(0);
    expect(out).toEqual([`Re-queued 1: #${mail.id}`]);
    expect(await findMail(mail.id)).toMatchObject({ status: 'queued', dispatchedAt: null });

    expect(await app.jobs.runDueJobs()).toBe(1);
    expect(await findMail(mail.id)).toMatchObject({ status: 'sent', attempts: 13 });
    expect(sender.delivered.map((m) => m.to)).toEqual(['outage@example.test']);

    // Only failed mail is re-queued; the CLI says why not.
    out.length = 0;
    expect(await runMailCommand(t.db, ['requeue', String(mail.id), '999999'], (l) => out.push(l))).toBe(1);
    expect(out).toEqual([
      'Nothing re-queued.',
      `#${mail.id} was not re-queued: it is sent, not failed.`,
      '#999999 was not re-queued: no such mail.',
    ]);
    expect(await runMailCommand(t.db, ['requeue'], () => {})).toBe(2);
    expect(await runMailCommand(t.db, ['failed'], (l) => out.push(l))).toBe(0);
    expect(out.at(-1)).toBe('No failed mail.');
    sender.delivered.length = 0;
    sender.calls.length = 0;
  });

  it('requeue --all-failed queues every failed mail again', async () => {
    await t.db.insert(mailOutbox).values([
      { kind: 'welcome', toAddress: 'f1@example.test', subject: 'Welcome', textBody: 'x', status: 'failed' },
      { kind: 'welcome', toAddress: 'f2@example.test', subject: 'Welcome', textBody: 'x', status: 'failed' },
    ]);
    const out: string[] = [];
    expect(await runMailCommand(t.db, ['requeue', '--all-failed'], (l) => out.push(l))).toBe(0);
    expect(out[0]).toMatch(/^Re-queued 2: #\d+, #\d+$/);
    await app.jobs.runDueJobs();
    expect(sender.delivered.map((m) => m.to).sort()).toEqual(['f1@example.test', 'f2@example.test']);
    sender.delivered.length = 0;
    sender.calls.length = 0;
  });

  it('a mail queued in a transaction that rolls back is never sent', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, {
          kind: 'welcome',
          to: 'rolled-back@example.test',
          subject: 'Welcome',
          text: 'x',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.db.transaction(async (tx) => {
      await queueMail(tx, { kind: 'welcome', to: 'committed@example.test', subject: 'Welcome', text: 'x' });
    });
    await app.jobs.runDueJobs();
    await clock.setTime(clock.now() + 48 * 3600_000);
    await app.jobs.runDueJobs();
    expect(sender.calls).toEqual(['committed@example.test']);
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'rolled-back@example.test'));
    expect(rows).toEqual([]);
    sender.delivered.length = 0;
    sender.calls.length = 0;
  });

  it('without SMTP (no sender) the engine runs but mail stays queued in the outbox, never marked sent', async () => {
    await app.close();
    const noSmtp = await t.buildTestApp({}, { jobs: { start: true, workers: false } });
    expect(noSmtp.mailSender).toBeNull();
    await noSmtp.jobs.check();
    await queueMail(t.db, { kind: 'welcome', to: 'demo@example.test', subject: 'Welcome', text: 'x' });
    expect(await noSmtp.jobs.runDueJobs()).toBe(0);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'demo@example.test'));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, dispatchedAt: null, sentAt: null });
  });
});
