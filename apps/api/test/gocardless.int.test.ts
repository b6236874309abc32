/**
 * Direct debit through GoCardless (decision 037), with the official SDK pointed at a local stand-in of the GoCardless
 * API (gocardless-stand-in.ts): mandates made from the joining journey's bank details, refused bank details, signed
 * webhooks stored once and processed as jobs, a cancelled mandate shown to the member, collections and a failed
 * collection's fee or notice.
 */
import {
  accountDirectDebitReply,
  accountMembershipsReply,
  cartReply,
  DIRECT_DEBIT_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipSubmitReply,
  orderReply,
  penaltiesReply,
} from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clients,
  customers,
  directDebitMandates,
  directDebitPayments,
  directDebitWebhookEvents,
  mailOutbox,
  memberships,
  penalties,
} from '../src/db/schema.ts';
import { GoCardlessDirectDebitProvider } from '../src/services/direct-debit/gocardless-provider.ts';
import { collectMembershipPayment } from '../src/services/direct-debit/index.ts';
import {
  INVALID_ACCOUNT_NUMBER,
  INVALID_SORT_CODE,
  STAND_IN_TOKEN,
  STAND_IN_WEBHOOK_SECRET,
  startGoCardlessStandIn,
} from './gocardless-stand-in.ts';
import {
  cardToken,
  createClient,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createVenue,
  type Session,
  sessionFor,
  setupTestDatabase,
  TEST_PASSWORD,
} from './helper.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const standIn = await startGoCardlessStandIn();
afterAll(() => standIn.close());

const goCardless = {
  accessToken: STAND_IN_TOKEN,
  environment: 'sandbox' as const,
  webhookSecret: STAND_IN_WEBHOOK_SECRET,
  apiBaseUrl: standIn.url,
};
const t = await setupTestDatabase();
const app = await t.buildTestApp(
  {
    directDebitProvider: 'gocardless',
    goCardless,
    siteUrls: {
      bookings: 'https://bookings.example',
      account: 'https://account.example',
      join: 'https://join.example',
    },
  },
  { now: () => NOW, jobs: { start: true, workers: false } },
);

const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const gym = await createMembershipType(t.db, { clientId: client.id, slug: 'gym', name: 'Gym' });
const monthly = await createPaymentOption(t.db, { membershipTypeId: gym.id });

let counter = 0;
async function member() {
  const customer = await createCustomer(t.db, {
    clientId: client.id,
    password: TEST_PASSWORD,
    email: `dd-${++counter}@test.example`,
    firstName: 'Robin',
    lastName: 'Payer',
    dateOfBirth: '1990-04-12',
  });
  return { customer, session: await sessionFor(t.db, customer.id) };
}
const details = (bank: Record<string, string> = {}) => ({
  home_venue_id: home.id,
  membership_type_id: gym.id,
  payment_option_id: monthly.id,
  start_date: '2026-11-22',
  billing_day: 1,
  account_holder: 'Robin Payer',
  account_details: {
    account_number: '55779911',
    sort_code: '20-00-00',
    billing_address_line_one: '1 High Street',
    billing_city: 'Leeds',
    billing_postcode: 'ls1 1aa',
    ...bank,
  },
  dd_terms_accepted: true,
  dd_authorised: true,
  health_commitment_accepted: true,
  membership_terms_accepted: true,
});
const submit = (session: Session, payload: object) =>
  app.inject({ method: 'POST', url: '/api/memberships', headers: session.headers, payload });
const get = (session: Session, url: string) => app.inject({ method: 'GET', url, headers: session.headers });
const mandatesOf = (customerId: number) =>
  t.db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId));
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

/** Joins and checks out: the member's membership is active and their GoCardless mandate their instruction. */
async function joinedMember() {
  const { customer, session } = await member();
  const submitted = await submit(session, details());
  expect(submitted.statusCode).toBe(201);
  const membershipId = membershipSubmitReply.parse(submitted.json()).data.membership_id;
  const cart = cartReply.parse((await get(session, '/api/cart')).json()).data;
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/checkout/complete',
    headers: session.headers,
    payload: {
      terms: true,
      cart_version: cart.version,
      payment_method: { type: 'token', token: await cardToken(app), save_card: false },
    },
  });
  expect(checkout.statusCode).toBe(200);
  const [mandate] = await mandatesOf(customer.id);
  return {
    customer,
    session,
    membershipId,
    mandate: mandate!,
    orderId: checkout.json().data.order_id as number,
  };
}

/** POSTs a webhook as GoCardless would (signed with `secret`), without any CSRF token. */
async function postWebhook(events: object[], secret = STAND_IN_WEBHOOK_SECRET) {
  const { body, signature } = standIn.webhook(events, secret);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/gocardless',
    headers: { 'content-type': 'application/json', 'webhook-signature': signature },
    payload: body,
  });
}
/** Delivers (and processes, as the job engine would) a webhook; answers its reply. */
async function deliver(events: object[]) {
  const reply = await postWebhook(events);
  await app.jobs.runDueJobs();
  return reply;
}

describe('mandates from the joining journey', () => {
  it('makes a GoCardless customer, bank account and Bacs mandate, and shows its reference', async () => {
    const provider = await app.inject({ method: 'GET', url: '/api/direct-debit/provider' });
    expect(provider.json()).toEqual({ data: { provider: 'go_cardless' } });

    const from = standIn.requests.length;
    const { customer, session, mandate, orderId } = await joinedMember();
    const calls = standIn.requests.slice(from).filter((r) => r.method === 'POST');
    expect(calls.map((c) => c.path).slice(0, 3)).toEqual([
      '/customers',
      '/customer_bank_accounts',
      '/mandates',
    ]);
    expect(calls[0]!.body).toEqual({
      customers: expect.objectContaining({
        email: customer.email,
        given_name: 'Robin',
        family_name: 'Payer',
        address_line1: '1 High Street',
        city: 'Leeds',
        postal_code: 'LS1 1AA',
        country_code: 'GB',
      }),
    });
    expect(calls[1]!.body).toEqual({
      customer_bank_accounts: expect.objectContaining({
        account_holder_name: 'Robin Payer',
        account_number: '55779911',
        branch_code: '200000',
        country_code: 'GB',
      }),
    });
    expect(calls[2]!.body).toEqual({ mandates: expect.objectContaining({ scheme: 'bacs' }) });
    expect(calls.every((c) => c.idempotencyKey)).toBe(true);

    const atGoCardless = standIn.mandates.get(mandate.providerMandateId!)!;
    expect(mandate).toMatchObject({
      provider: 'go_cardless',
      reference: atGoCardless.reference,
      accountNumberLast4: '9911',
      sortCodeMasked: '20-**-**',
      status: 'active', // our instruction from checkout; GoCardless's own status arrives by webhook
    });
    expect(JSON.stringify(mandate)).not.toContain('55779911');

    // The member sees GoCardless's scheme reference on the order and the memberships page.
    const order = orderReply.parse((await get(session, `/api/orders/${orderId}`)).json()).data;
    expect(order.items[0]!.membership?.mandate_reference).toBe(atGoCardless.reference);
    const list = accountMembershipsReply.parse(
      (await get(session, '/api/my-account/user/memberships')).json(),
    );
    expect(list.data[0]!.direct_debit).toMatchObject({
      provider: 'go_cardless',
      reference: atGoCardless.reference,
      status: 'active',
    });
  });

  it.each([
    ['sort code', { sort_code: INVALID_SORT_CODE }, 'account_details.sort_code'],
    ['account number', { account_number: INVALID_ACCOUNT_NUMBER }, 'account_details.account_number'],
  ])(
    'refuses bank details GoCardless cannot verify (%s) on that field, leaving nothing behind',
    async (_what, bank, field) => {
      const { customer, session } = await member();
      const res = await submit(session, details(bank));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [MEMBERSHIP_PURCHASE_TEXTS.bankDetailsRejected] });
      expect(await mandatesOf(customer.id)).toEqual([]);
      expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id))).toEqual(
        [],
      );
      // The member corrects the details and goes on.
      expect((await submit(session, details())).statusCode).toBe(201);
    },
  );

  it('cancels an unused mandate with GoCardless when a new submission replaces it', async () => {
    const { customer, session } = await member();
    expect((await submit(session, details())).statusCode).toBe(201);
    const [first] = await mandatesOf(customer.id);
    expect((await submit(session, details({ account_number: '44779911' }))).statusCode).toBe(201);
    const rows = await mandatesOf(customer.id);
    expect(rows.find((m) => m.id === first!.id)!.status).toBe('cancelled');
    expect(standIn.mandates.get(first!.providerMandateId!)!.status).toBe('cancelled');
    expect(standIn.mandates.get(rows.find((m) => m.id !== first!.id)!.providerMandateId!)!.status).toBe(
      'pending_submission',
    );
    // Cancelling again (or an unknown reference) is not an error.
    await app.directDebit.cancelMandate(first!.reference);
    await app.directDebit.cancelMandate('NO-SUCH-REFERENCE');
  });

  it('answers an error and leaves nothing behind when GoCardless refuses the credentials', async () => {
    const misconfigured = await t.buildTestApp(
      { directDebitProvider: 'gocardless', goCardless: { ...goCardless, accessToken: 'sandbox_revoked' } },
      { now: () => NOW, logger: false },
    );
    const { customer, session } = await member();
    const res = await misconfigured.inject({
      method: 'POST',
      url: '/api/memberships',
      headers: session.headers,
      payload: details(),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors).toBeUndefined(); // not the member's bank details' fault
    expect(await mandatesOf(customer.id)).toEqual([]);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id))).toEqual([]);
    // Where the job engine does not run, a webhook is refused (GoCardless retries) and nothing is stored.
    const before = (await t.db.select().from(directDebitWebhookEvents)).length;
    const { body, signature } = standIn.webhook([standIn.event('mandates', 'active', { mandate: 'MD1' })]);
    const webhook = await misconfigured.inject({
      method: 'POST',
      url: '/api/webhooks/gocardless',
      headers: { 'content-type': 'application/json', 'webhook-signature': signature },
      payload: body,
    });
    expect(webhook.statusCode).toBe(503);
    expect((await t.db.select().from(directDebitWebhookEvents)).length).toBe(before);
  });

  it('throws (no field error) when the access token is wrong', async () => {
    const wrong = new GoCardlessDirectDebitProvider({ ...goCardless, accessToken: 'sandbox_wrong' });
    await expect(
      wrong.createMandate({
        accountHolder: 'A B',
        accountNumber: '55779911',
        sortCode: '200000',
        address: { line1: '1 Road', line2: null, city: 'Leeds', postcode: 'LS1 1AA' },
        customerReference: 'C1',
        email: 'a@test.example',
        givenName: 'A',
        familyName: 'B',
      }),
    ).rejects.toThrow(/Unauthorized/);
  });
});

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
