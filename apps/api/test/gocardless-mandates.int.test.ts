// Direct debit through GoCardless's local stand-in: mandates from the joining journey's bank details, and refusals.
import { accountMembershipsReply, MEMBERSHIP_PURCHASE_TEXTS, orderReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directDebitWebhookEvents, memberships } from '../src/db/schema.ts';
import { GoCardlessDirectDebitProvider } from '../src/services/direct-debit/gocardless-provider.ts';
import { goCardlessTestbed, NOW } from './gocardless.fixtures.ts';
import { INVALID_ACCOUNT_NUMBER, INVALID_SORT_CODE } from './gocardless-stand-in.ts';

const { standIn, goCardless, t, app, member, details, submit, get, mandatesOf, joinedMember } =
  await goCardlessTestbed();

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
