// Direct-debit collections through GoCardless's local stand-in: payments made once, a failed one's fee or notice.
import { DIRECT_DEBIT_TEXTS, penaltiesReply } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, directDebitPayments, directDebitWebhookEvents, penalties } from '../src/db/schema.ts';
import { collectMembershipPayment } from '../src/services/direct-debit/index.ts';
import { goCardlessTestbed } from './gocardless.fixtures.ts';

const { standIn, t, app, client, home, get, mailsTo, joinedMember, deliver } = await goCardlessTestbed();

describe('collections', () => {
  const setFee = (pence: number) =>
    t.db.update(clients).set({ failedCollectionFee: pence }).where(eq(clients.id, client.id));

  it('creates one GoCardless payment per membership and due day, however often asked', async () => {
    const { membershipId, mandate } = await joinedMember();
    const ask = () =>
      collectMembershipPayment(
        { db: t.db, directDebit: app.directDebit },
        { membershipId, amount: 3999, chargeDate: '2026-12-01', description: 'Gym, December 2026' },
      );
    const first = await ask();
    const second = await ask();
    expect(second.providerPaymentId).toBe(first.providerPaymentId);
    const atGoCardless = standIn.payments.get(first.providerPaymentId)!;
    expect(atGoCardless).toMatchObject({
      amount: 3999,
      currency: 'GBP',
      charge_date: '2026-12-01',
      links: { mandate: mandate.providerMandateId },
    });
    expect([...standIn.payments.values()].filter((p) => p.id === first.providerPaymentId)).toHaveLength(1);
    expect(
      await t.db.select().from(directDebitPayments).where(eq(directDebitPayments.membershipId, membershipId)),
    ).toEqual([
      expect.objectContaining({ amount: 3999, chargeDate: '2026-12-01', status: 'pending_submission' }),
    ]);
  });

  it('a confirmed collection is recorded; a failed one mails a notice when the operator sets no fee', async () => {
    await setFee(0);
    const { customer, session, membershipId } = await joinedMember();
    const payment = await collectMembershipPayment(
      { db: t.db, directDebit: app.directDebit },
      { membershipId, amount: 3999, chargeDate: '2026-12-01', description: 'Gym' },
    );
    await deliver([standIn.event('payments', 'confirmed', { payment: payment.providerPaymentId })]);
    const [confirmed] = await t.db
      .select()
      .from(directDebitPayments)
      .where(eq(directDebitPayments.id, payment.id));
    expect(confirmed!.status).toBe('confirmed');

    const later = await collectMembershipPayment(
      { db: t.db, directDebit: app.directDebit },
      { membershipId, amount: 3999, chargeDate: '2027-01-01', description: 'Gym' },
    );
    await deliver([
      standIn.event(
        'payments',
        'failed',
        { payment: later.providerPaymentId },
        { cause: 'insufficient_funds' },
      ),
    ]);
    const [failed] = await t.db
      .select()
      .from(directDebitPayments)
      .where(eq(directDebitPayments.id, later.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds', penaltyId: null });
    expect(await t.db.select().from(penalties).where(eq(penalties.customerId, customer.id))).toEqual([]);
    const mail = (await mailsTo(customer.email)).find((m) => m.kind === 'direct_debit_collection_failed');
    expect(mail!.subject).toBe(DIRECT_DEBIT_TEXTS.collectionFailedSubject);
    expect(mail!.textBody).toContain(DIRECT_DEBIT_TEXTS.collectionFailed('£39.99', '1 January 2027'));
    expect(mail!.textBody).toContain(DIRECT_DEBIT_TEXTS.collectionFailedNotice);
    const fees = penaltiesReply.parse((await get(session, '/api/user/penalties')).json());
    expect(fees.data).toEqual([]);
  });

  it('a failed collection raises the operator’s fee once, shown under unpaid fees, however often replayed', async () => {
    await setFee(750);
    try {
      const { customer, session, membershipId } = await joinedMember();
      const payment = await collectMembershipPayment(
        { db: t.db, directDebit: app.directDebit },
        { membershipId, amount: 3999, chargeDate: '2026-12-01', description: 'Gym' },
      );
      const events = [standIn.event('payments', 'failed', { payment: payment.providerPaymentId })];
      await deliver(events);
      await deliver(events);
      // A second 'failed' event (another id) for a payment already failed changes nothing either.
      await deliver([standIn.event('payments', 'failed', { payment: payment.providerPaymentId })]);

      const fees = await t.db.select().from(penalties).where(eq(penalties.customerId, customer.id));
      expect(fees).toEqual([
        expect.objectContaining({
          type: 'failed_direct_debit',
          amount: 750,
          venueId: home.id,
          status: 'unpaid',
          description: DIRECT_DEBIT_TEXTS.feeDescription('1 December 2026'),
        }),
      ]);
      const listed = penaltiesReply.parse((await get(session, '/api/user/penalties')).json()).data;
      expect(listed).toEqual([
        expect.objectContaining({
          type: 'failed_direct_debit',
          fee_amount: { raw: 750, formatted: '£7.50' },
        }),
      ]);
      const mails = (await mailsTo(customer.email)).filter(
        (m) => m.kind === 'direct_debit_collection_failed',
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(DIRECT_DEBIT_TEXTS.collectionFailedFee('£7.50'));
    } finally {
      await setFee(0);
    }
  });

  it('a failed collection GoCardless made by itself (a subscription) counts too, once', async () => {
    await setFee(500);
    try {
      const { customer, membershipId, mandate } = await joinedMember();
      const outside = standIn.createOutsidePayment(mandate.providerMandateId!, 3999, '2027-02-01');
      const events = [
        standIn.event('payments', 'failed', { payment: outside.id }, { cause: 'refer_to_payer' }),
      ];
      await deliver(events);
      await deliver([standIn.event('payments', 'failed', { payment: outside.id })]);
      expect(
        await t.db
          .select()
          .from(directDebitPayments)
          .where(eq(directDebitPayments.providerPaymentId, outside.id)),
      ).toEqual([
        expect.objectContaining({
          mandateId: mandate.id,
          membershipId,
          amount: 3999,
          chargeDate: '2027-02-01',
          status: 'failed',
          failureReason: 'refer_to_payer',
        }),
      ]);
      expect(await t.db.select().from(penalties).where(eq(penalties.customerId, customer.id))).toEqual([
        expect.objectContaining({
          amount: 500,
          description: DIRECT_DEBIT_TEXTS.feeDescription('1 February 2027'),
        }),
      ]);
      // A payment GoCardless does not know, or on a mandate that is not ours, is stored and ignored.
      const strangers = standIn.createOutsidePayment('MD-SOMEONE-ELSE', 1000, '2027-02-01');
      await deliver([
        standIn.event('payments', 'failed', { payment: strangers.id }),
        standIn.event('payments', 'failed', { payment: 'PM-UNKNOWN' }),
      ]);
      const outcomes = await t.db
        .select({ outcome: directDebitWebhookEvents.outcome })
        .from(directDebitWebhookEvents)
        .where(eq(directDebitWebhookEvents.action, 'failed'));
      expect(outcomes.filter((o) => o.outcome === 'ignored: unknown payment')).toHaveLength(2);
    } finally {
      await setFee(0);
    }
  });

  it('refuses to collect on a cancelled mandate', async () => {
    const { membershipId, mandate } = await joinedMember();
    await deliver([standIn.event('mandates', 'cancelled', { mandate: mandate.providerMandateId! })]);
    await expect(
      collectMembershipPayment(
        { db: t.db, directDebit: app.directDebit },
        { membershipId, amount: 3999, chargeDate: '2026-12-01', description: 'Gym' },
      ),
    ).rejects.toThrow(/cancelled/);
    // GoCardless itself refuses a payment on an inactive mandate too.
    standIn.setMandateStatus(mandate.providerMandateId!, 'cancelled');
    await expect(
      app.directDebit.collect({
        mandate: { reference: mandate.reference, providerMandateId: mandate.providerMandateId },
        amount: 100,
        chargeDate: '2026-12-01',
        description: 'x',
        idempotencyKey: 'inactive-mandate',
      }),
    ).rejects.toThrow(/inactive/);
    expect(
      await t.db
        .select()
        .from(directDebitPayments)
        .where(and(eq(directDebitPayments.membershipId, membershipId))),
    ).toEqual([]);
  });
});
