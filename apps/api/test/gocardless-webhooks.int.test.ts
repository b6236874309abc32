// GoCardless webhooks (local stand-in): signatures, events stored once and processed as jobs, mandates shown to the member.
import { accountDirectDebitReply, accountMembershipsReply, DIRECT_DEBIT_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, directDebitWebhookEvents } from '../src/db/schema.ts';
import { DIRECT_DEBIT_WEBHOOK_JOB } from '../src/services/direct-debit/webhooks.ts';
import { goCardlessTestbed, NOW } from './gocardless.fixtures.ts';

const { standIn, t, app, ...helpers } = await goCardlessTestbed();
const { member, details, submit, get, mandatesOf, mailsTo, joinedMember, postWebhook, deliver } = helpers;

describe('POST /api/webhooks/gocardless', () => {
  it('refuses a wrong or missing signature (498) and stores nothing', async () => {
    const { mandate } = await joinedMember();
    const events = [standIn.event('mandates', 'cancelled', { mandate: mandate.providerMandateId! })];
    const before = (await t.db.select().from(directDebitWebhookEvents)).length;
    expect((await postWebhook(events, 'not-the-secret')).statusCode).toBe(498);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/webhooks/gocardless',
      headers: { 'content-type': 'application/json' },
      payload: standIn.webhook(events).body,
    });
    expect(unsigned.statusCode).toBe(498);
    // A body changed after signing fails too.
    const { signature } = standIn.webhook(events);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/gocardless',
      headers: { 'content-type': 'application/json', 'webhook-signature': signature },
      payload: standIn.webhook([standIn.event('mandates', 'failed', { mandate: 'MD1' })]).body,
    });
    expect(tampered.statusCode).toBe(498);
    await app.jobs.runDueJobs();
    expect((await t.db.select().from(directDebitWebhookEvents)).length).toBe(before);
    expect((await mandatesOf(mandate.customerId))[0]!.status).toBe('active');
  });

  it('a cancelled mandate: the row, the instruction, a mail, both member pages; a replay changes nothing', async () => {
    const { customer, session, mandate } = await joinedMember();
    standIn.setMandateStatus(mandate.providerMandateId!, 'cancelled');
    const events = [
      standIn.event('mandates', 'cancelled', { mandate: mandate.providerMandateId! }, { origin: 'bank' }),
    ];
    const reply = await deliver(events);
    expect(reply.statusCode).toBe(204);

    const [row] = await mandatesOf(customer.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledAt: NOW });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(c!.hasInstruction).toBe(false);
    const mails = await mailsTo(customer.email);
    const cancelledMails = mails.filter((m) => m.kind === 'direct_debit_mandate_cancelled');
    expect(cancelledMails).toHaveLength(1);
    expect(cancelledMails[0]!.subject).toBe(DIRECT_DEBIT_TEXTS.mandateCancelledSubject);
    expect(cancelledMails[0]!.textBody).toContain(DIRECT_DEBIT_TEXTS.cancelledNotice);
    expect(cancelledMails[0]!.textBody).toContain(mandate.reference);
    expect(cancelledMails[0]!.textBody).toContain('https://account.example/payments');

    const list = accountMembershipsReply.parse(
      (await get(session, '/api/my-account/user/memberships')).json(),
    );
    expect(list.data[0]!.direct_debit?.status).toBe('cancelled');
    const payments = accountDirectDebitReply.parse(
      (await get(session, '/api/my-account/direct-debit')).json(),
    );
    expect(payments.data.mandates).toEqual([
      expect.objectContaining({
        reference: mandate.reference,
        status: 'cancelled',
        status_label: 'Cancelled',
        notice: DIRECT_DEBIT_TEXTS.cancelledNotice,
        cancelled_at: NOW.toISOString(),
      }),
    ]);

    // GoCardless sends the same webhook again: stored once, processed once.
    const again = await deliver(events);
    expect(again.statusCode).toBe(204);
    expect(await mailsTo(customer.email)).toHaveLength(mails.length);
    expect(await mandatesOf(customer.id)).toEqual([row]);
    const stored = await t.db
      .select()
      .from(directDebitWebhookEvents)
      .where(eq(directDebitWebhookEvents.id, (events[0] as { id: string }).id));
    expect(stored).toEqual([expect.objectContaining({ outcome: 'mandate cancelled', processedAt: NOW })]);
  });

  it('a failed mandate is shown as such and mailed; active and unknown events change nothing else', async () => {
    const { customer, session } = await member();
    expect((await submit(session, details())).statusCode).toBe(201);
    const [pending] = await mandatesOf(customer.id);
    expect(pending!.status).toBe('pending_submission');
    await deliver([
      standIn.event('mandates', 'submitted', { mandate: pending!.providerMandateId! }),
      standIn.event(
        'mandates',
        'failed',
        { mandate: pending!.providerMandateId! },
        { cause: 'invalid_bank_details' },
      ),
      standIn.event('mandates', 'cancelled', { mandate: 'MD-NOT-OURS' }),
      standIn.event('payments', 'confirmed', { payment: 'PM-NOT-OURS' }),
    ]);
    expect((await mandatesOf(customer.id))[0]!.status).toBe('failed');
    const mails = (await mailsTo(customer.email)).filter((m) => m.kind.startsWith('direct_debit'));
    expect(mails.map((m) => m.subject)).toEqual([DIRECT_DEBIT_TEXTS.mandateFailedSubject]);
    const page = accountDirectDebitReply.parse((await get(session, '/api/my-account/direct-debit')).json());
    expect(page.data.mandates[0]).toMatchObject({
      status: 'failed',
      notice: DIRECT_DEBIT_TEXTS.failedNotice,
    });

    // A later 'active' for the failed mandate does not bring it back.
    await deliver([standIn.event('mandates', 'active', { mandate: pending!.providerMandateId! })]);
    expect((await mandatesOf(customer.id))[0]!.status).toBe('failed');
  });

  it('a mandate GoCardless activates before checkout is active', async () => {
    const { customer, session } = await member();
    expect((await submit(session, details())).statusCode).toBe(201);
    const [pending] = await mandatesOf(customer.id);
    await deliver([standIn.event('mandates', 'active', { mandate: pending!.providerMandateId! })]);
    expect((await mandatesOf(customer.id))[0]).toMatchObject({ status: 'active', activatedAt: NOW });
  });
});

describe('a large webhook body', () => {
  it('stores 3,000 events in a few seconds, each with its job, and a replay stores none', async () => {
    // One event at a time this took 72–74 s, longer than a provider waits for the answer.
    const events = Array.from({ length: 3000 }, (_, i) =>
      standIn.event('payments', 'confirmed', { payment: `PM-UNKNOWN-${i}` }),
    );
    const started = performance.now();
    const reply = await postWebhook(events);
    const seconds = (performance.now() - started) / 1000;
    expect(reply.statusCode).toBeLessThan(300);
    expect(seconds).toBeLessThan(20);
    const ids = new Set(events.map((e) => (e as { id: string }).id));
    const stored = (
      await t.db.select({ id: directDebitWebhookEvents.id }).from(directDebitWebhookEvents)
    ).filter((row) => ids.has(row.id));
    expect(stored).toHaveLength(3000);
    // One job each (looked up for the first, a middle and the last: the engine lists at most 1,000 a call).
    const jobsOf = async () =>
      Promise.all(
        [events[0]!, events[1500]!, events[2999]!].map(
          async (event) =>
            (
              await app.jobs.findJobs(DIRECT_DEBIT_WEBHOOK_JOB, {
                data: { eventId: (event as { id: string }).id },
              })
            ).length,
        ),
      );
    expect(await jobsOf()).toEqual([1, 1, 1]);

    const replay = await postWebhook(events);
    expect(replay.statusCode).toBeLessThan(300);
    expect(await jobsOf()).toEqual([1, 1, 1]);
  }, 120_000);
});
