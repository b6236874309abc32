import {
  accountMembershipsReply,
  cartReply,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipSubmitReply,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, customQuestionAnswers, directDebitMandates, memberships } from '../src/db/schema.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import { directDebitExpectations } from './helper.ts';
import { membershipPurchaseTestbed, NOW } from './membership-purchase.fixtures.ts';

/** The sandbox, or GoCardless through its stand-in (vitest project int-gocardless). */
const DD = directDebitExpectations();

const { t, mandateCalls, ...fixtures } = await membershipPurchaseTestbed();
const { question, bank, details, submit, get, registerGuest, leftoversOf } = fixtures;

describe('POST /api/memberships (a guest whose account was made in Your details)', () => {
  it('writes answers, mandate, awaiting-payment membership and basket line for the new member', async () => {
    const { account, customer, session } = await registerGuest();
    const res = await submit(details(), session.headers);
    expect(res.statusCode).toBe(201);
    const body = membershipSubmitReply.parse(res.json()).data;
    expect(body).toMatchObject({ message: 'Membership added to basket.', new_mandate: true });
    // No second account: the submission is the member's own.
    expect(await t.db.select().from(customers).where(eq(customers.email, account.email))).toHaveLength(1);

    const [membership] = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect((await findStatusInfo(t.db, [membership!])).get(membership!.id)).toBe('Awaiting payment');
    expect(membership).toMatchObject({
      status: 'pending',
      awaitingPayment: true,
      startDate: '2026-11-22',
      price: 3999,
      joinCosts: expect.objectContaining({ joiningFee: 1500, proRataFee: 1200, totalToPayNow: 2700 }),
    });
    expect(membership!.reference).toMatch(/^M-\d{6}$/);
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customer.id));
    expect(mandate).toMatchObject({
      status: 'pending_submission',
      accountNumberLast4: '5678',
      sortCodeMasked: '20-**-**',
      billingPostcode: 'LS1 1AA',
      provider: DD.name,
    });
    expect(JSON.stringify(mandate)).not.toContain('12345678');
    const answers = await t.db
      .select()
      .from(customQuestionAnswers)
      .where(eq(customQuestionAnswers.customerId, customer.id));
    expect(answers.map((a) => a.answer)).toEqual(['Get fit']);

    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      cartable_type: 'membership',
      cartable_id: membership!.id,
      price: { raw: 2700 },
      problem: null,
      cartable_resource: { new_membership: true, venue_name: 'Leeds Central' },
      child_items: [
        { name: 'Setup fee', price: { raw: 1500 } },
        { name: 'Pro-rata', price: { raw: 1200 } },
      ],
    });
    expect(cart.totals.total.raw).toBe(2700);
    const user = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(user).toMatchObject({ has_instruction: false, has_billing_date: false, membership_user: false });
    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    );
    expect(list.data).toEqual([]);
  });

  it.each([
    [
      'the provider rejects the sort code',
      { account_details: bank({ sort_code: '000000' }) },
      DD.refusedSortCodeField,
    ],
    [
      'the provider rejects the account number',
      { account_details: bank({ account_number: '00000000' }) },
      'account_details.account_number',
    ],
    [
      'a required answer is missing',
      { answers: { [question!.id]: { question_id: question!.id, answer: '' } } },
      'answers',
    ],
    ['the start date is invalid', { start_date: '2026-02-30' }, 'start_date'],
  ])(
    'leaves no membership, mandate or answers behind when %s; the account stays to retry',
    async (_name, overrides, key) => {
      const { customer, session } = await registerGuest();
      const before = mandateCalls.created.length;
      const res = await submit(details(overrides), session.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[key]).toBeDefined();
      if (key.startsWith('account_details.'))
        expect(res.json().errors).toEqual({ [key]: [MEMBERSHIP_PURCHASE_TEXTS.bankDetailsRejected] });
      if (key === 'answers') expect(res.json().message).toBe('Please fill in required questions');
      expect(await leftoversOf(customer.id)).toEqual({ memberships: [], mandates: [], answers: [] });
      expect(mandateCalls.created.length).toBe(before);
      // The same member simply tries again.
      expect((await submit(details(), session.headers)).statusCode).toBe(201);
    },
  );

  it('cancels the mandate when the transaction fails after the provider created it (compensation)', async () => {
    const [existing] = await t.db.select().from(customers).limit(1);
    await t.db.insert(directDebitMandates).values({
      customerId: existing!.id,
      provider: 'sandbox',
      reference: 'DUPLICATE-REF',
      accountHolder: 'X',
      accountNumberLast4: '1111',
      sortCodeMasked: '20-**-**',
      billingAddressLine1: '1 Road',
      billingCity: 'Leeds',
      billingPostcode: 'LS1 1AA',
    });
    const cancelled: string[] = [];
    const quiet = await t.buildTestApp(
      {},
      {
        now: () => NOW,
        logger: false,
        wrapDirectDebitProvider: () => ({
          name: 'sandbox',
          createMandate: async () => ({ ok: true, reference: 'DUPLICATE-REF', provider: 'sandbox' }),
          cancelMandate: async (reference) => {
            cancelled.push(reference);
          },
          collect: async () => {
            throw new Error('not collected here');
          },
        }),
      },
    );
    const { customer, session } = await registerGuest();
    const res = await quiet.inject({
      method: 'POST',
      url: '/api/memberships',
      headers: session.headers,
      payload: details(),
    });
    expect(res.statusCode).toBe(500);
    expect(cancelled).toEqual(['DUPLICATE-REF']);
    expect(await leftoversOf(customer.id)).toEqual({ memberships: [], mandates: [], answers: [] });
  });

  it('answers 422 keyed by field for bad input, and 401 to a guest without an account', async () => {
    const { session } = await registerGuest();
    const res = await submit(details({ account_details: bank({ sort_code: '12' }) }), session.headers);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['account_details.sort_code']);

    const before = await t.db.select().from(memberships);
    const guest = await submit(details());
    expect(guest.statusCode).toBe(401);
    expect(await t.db.select().from(memberships)).toHaveLength(before.length);
  });
});
