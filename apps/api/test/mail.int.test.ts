import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.ts';
import { queueMail } from '../src/services/mail/outbox.ts';
import { deliverQueuedMail, type MailMessage } from '../src/services/mail/sender.ts';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const app = await t.buildTestApp();
const silentLog = { ...app.log, error: () => {} } as unknown as typeof app.log;

describe('mail outbox', () => {
  it('is listed newest first in the demo outbox page and JSON, with clickable links', async () => {
    await queueMail(t.db, { kind: 'test', to: 'a@example.test', subject: 'First', text: 'Hello' });
    await queueMail(t.db, {
      kind: 'test',
      to: 'b@example.test',
      subject: 'Second <b>',
      text: 'Go to https://x.test/a?b=1',
    });
    const json = (await app.inject({ method: 'GET', url: '/api/dev/mail/messages' })).json().data;
    expect(json.map((m: { subject: string }) => m.subject)).toEqual(['Second <b>', 'First']);
    const filtered = (
      await app.inject({ method: 'GET', url: '/api/dev/mail/messages?to=A@example.test' })
    ).json().data;
    expect(filtered).toHaveLength(1);
    const page = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(page.body).toContain('Second &lt;b&gt;');
    expect(page.body).toContain('<a href="https://x.test/a?b=1">https://x.test/a?b=1</a>');
    expect(page.body.indexOf('Second')).toBeLessThan(page.body.indexOf('First'));
  });

  it('delivers queued mail through the sender, retrying failures and recording the error', async () => {
    const sent: MailMessage[] = [];
    let failNext = true;
    const sender = {
      async send(message: MailMessage) {
        if (failNext) {
          failNext = false;
          throw new Error('SMTP refused');
        }
        sent.push(message);
      },
    };
    expect(await deliverQueuedMail(t.db, sender, silentLog)).toBe(1);
    const afterFirst = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(afterFirst.map((m) => [m.status, m.attempts, m.error])).toEqual([
      ['queued', 1, 'SMTP refused'],
      ['sent', 1, null],
    ]);
    expect(await deliverQueuedMail(t.db, sender, silentLog)).toBe(1);
    const [first] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'First'));
    expect(first).toMatchObject({ status: 'sent', attempts: 2 });
    expect(first!.sentAt).toBeInstanceOf(Date);
    expect(sent.map((m) => m.to)).toEqual(['b@example.test', 'a@example.test']);
  });
});
