import {
  accountMembershipsReply,
  cartReply,
  dataFieldsReply,
  JOINING_TEXTS,
  MEMBERSHIP_PURCHASE_TEXTS,
  membershipSubmitReply,
  orderReply,
  userReply,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  customers,
  customQuestionAnswers,
  customQuestions,
  directDebitMandates,
  membershipPromotions,
  memberships,
  terms,
} from '../src/db/schema.ts';
import type { DirectDebitProvider } from '../src/services/direct-debit/provider.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import {
  cardToken,
  createClient,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createVenue,
  csrfHeaders,
  directDebitExpectations,
  login,
  type Session,
  sessionFor,
  sessionFrom,
  setupTestDatabase,
  TEST_PASSWORD,
} from './helper.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026, GMT
/** The sandbox, or GoCardless through its stand-in (vitest project int-gocardless). */
const DD = directDebitExpectations();
const DAY = 86_400_000;
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });

const mandateCalls = { created: [] as string[], cancelled: [] as string[] };
const counting = (inner: DirectDebitProvider): DirectDebitProvider => ({
  name: inner.name,
  async createMandate(request) {
    const result = await inner.createMandate(request);
    if (result.ok) mandateCalls.created.push(result.reference);
    return result;
  },
  async cancelMandate(reference) {
    mandateCalls.cancelled.push(reference);
    return inner.cancelMandate(reference);
  },
  collect: (request) => inner.collect(request),
});
const app = await t.buildTestApp({}, { now: () => NOW, wrapDirectDebitProvider: counting });

const gym = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'gym-and-swim',
  name: 'Gym & Swim',
  category: 'Adult',
});
const gymMonthly = await createPaymentOption(t.db, { membershipTypeId: gym.id });
const gymAnnual = await createPaymentOption(t.db, {
  membershipTypeId: gym.id,
  name: 'Annual',
  paymentType: 'fixed',
  baseFee: 39900,
  joiningFee: 0,
  fixedDuration: 12,
  fixedPeriod: 'month',
});
const swim = await createMembershipType(t.db, { clientId: client.id, slug: 'swim', name: 'Swim Only' });
const swimMonthly = await createPaymentOption(t.db, {
  membershipTypeId: swim.id,
  baseFee: 2500,
  joiningFee: 0,
});
const junior = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'junior',
  name: 'Junior',
  category: 'Junior',
});
const juniorMonthly = await createPaymentOption(t.db, {
  membershipTypeId: junior.id,
  baseFee: 1500,
  joiningFee: 0,
});
const [question] = await t.db
  .insert(customQuestions)
  .values({ membershipTypeId: gym.id, reference: 'goal', label: 'Your goal', type: 'text', isRequired: true })
  .returning();
const [half, expired, free] = await t.db
  .insert(membershipPromotions)
  .values([
    {
      clientId: client.id,
      code: 'HALFGYM',
      paymentOptionId: gymMonthly.id,
      kind: 'percent',
      value: 50,
      appliesTo: 'both',
    },
    {
      clientId: client.id,
      code: 'OLD10',
      kind: 'fixed',
      value: 1000,
      appliesTo: 'first_payment',
      validTo: new Date(NOW.getTime() - DAY),
    },
    {
      clientId: client.id,
      code: 'FREEYEAR',
      paymentOptionId: gymAnnual.id,
      kind: 'percent',
      value: 100,
      appliesTo: 'both',
    },
  ])
  .returning();
await t.db.insert(terms).values([
  { clientId: client.id, kind: 'direct_debit', title: 'Direct debit', html: '<p>DD</p>' },
  { clientId: client.id, kind: 'health_commitment', title: 'Health', html: '<p>Health</p>' },
  { clientId: client.id, kind: 'membership', title: 'Membership', html: '<p>Terms</p>' },
]);

let emailCounter = 0;
const newAccount = (overrides: Record<string, unknown> = {}) => ({
  client_id: client.id,
  first_name: 'Jamie',
  last_name: 'Newcomer',
  email: `joiner-${++emailCounter}@test.example`,
  date_of_birth: '1992-03-04',
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  terms_accepted: true,
  ...overrides,
});
const bank = (overrides: Record<string, unknown> = {}) => ({
  account_number: '12345678',
  sort_code: '20-00-00',
  billing_address_line_one: '1 High Street',
  billing_city: 'Leeds',
  billing_postcode: 'ls1 1aa',
  ...overrides,
});
const details = (overrides: Record<string, unknown> = {}) => ({
  home_venue_id: home.id,
  membership_type_id: gym.id,
  payment_option_id: gymMonthly.id,
  start_date: '2026-11-22',
  billing_day: 1,
  account_holder: 'Jamie Newcomer',
  account_details: bank(),
  dd_terms_accepted: true,
  dd_authorised: true,
  health_commitment_accepted: true,
  membership_terms_accepted: true,
  answers: { [question!.id]: { question_id: question!.id, answer: 'Get fit' } },
  ...overrides,
});
const submit = (payload: Record<string, unknown>, headers: Record<string, string> = csrfHeaders()) =>
  app.inject({ method: 'POST', url: '/api/memberships', headers, payload });
const get = (url: string, session: Session) => app.inject({ method: 'GET', url, headers: session.headers });

/** A guest's 'Your details': the register call (201) logs the new account in (joining §4). */
async function registerGuest(overrides: Record<string, unknown> = {}) {
  const account = newAccount(overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/customer/register?onboarding_type=membership_purchase',
    headers: csrfHeaders(),
    payload: account,
  });
  expect(res.statusCode).toBe(201);
  const [customer] = await t.db.select().from(customers).where(eq(customers.email, account.email));
  return { account, customer: customer!, session: sessionFrom(res) };
}

const leftoversOf = async (customerId: number) => ({
  memberships: await t.db.select().from(memberships).where(eq(memberships.customerId, customerId)),
  mandates: await t.db
    .select()
    .from(directDebitMandates)
    .where(eq(directDebitMandates.customerId, customerId)),
  answers: await t.db
    .select()
    .from(customQuestionAnswers)
    .where(eq(customQuestionAnswers.customerId, customerId)),
});

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

describe('POST /api/memberships (logged in)', () => {
  const adultWith = async (values: Partial<typeof customers.$inferInsert> = {}) => {
    const c = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01', ...values });
    return { customer: c, session: await sessionFor(t.db, c.id) };
  };

  it('joins and keys errors', async () => {
    const { customer, session } = await adultWith();
    const bad = await submit(details({ billing_day: null, start_date: '2026-11-01' }), session.headers);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      billing_day: [JOINING_TEXTS.billingDayRequired],
      start_date: [JOINING_TEXTS.startDateInPast],
    });
    const ineligible = await submit(
      details({ membership_type_id: junior.id, payment_option_id: juniorMonthly.id, answers: undefined }),
      session.headers,
    );
    expect(ineligible.statusCode).toBe(422);
    expect(ineligible.json().errors.membership_type_id).toEqual([JOINING_TEXTS.notEligible]);

    const ok = await submit(details(), session.headers);
    expect(ok.statusCode).toBe(201);
    const rows = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('applies a valid promotion and refuses expired ones and codes for another option', async () => {
    const { session } = await adultWith();
    const ok = await submit(details({ promotion_code_id: half!.id }), session.headers);
    expect(ok.statusCode).toBe(201);
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.price.raw).toBe(1350);
    expect(cart.items[0]!.child_items.at(-1)).toEqual({
      name: 'Code Applied',
      price: { raw: -1350, formatted: '-£13.50' },
    });
    for (const id of [expired!.id, free!.id]) {
      const res = await submit(details({ promotion_code_id: id }), session.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.promotion_code_id).toEqual([JOINING_TEXTS.promoNotRecognised]);
    }
  });

  it('replaces a previous awaiting-payment membership, and removing the line removes it', async () => {
    const { customer, session } = await adultWith();
    const first = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    const second = membershipSubmitReply.parse(
      (
        await submit(
          details({ membership_type_id: swim.id, payment_option_id: swimMonthly.id, answers: undefined }),
          session.headers,
        )
      ).json(),
    ).data;
    const rows = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(rows.map((r) => r.id)).toEqual([second.membership_id]);
    const mandates = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customer.id));
    expect(mandates.map((m) => m.status).sort()).toEqual(['cancelled', 'pending_submission']);
    expect(mandateCalls.cancelled).toContain(mandates.find((m) => m.status === 'cancelled')!.reference);
    expect(first.membership_id).not.toBe(second.membership_id);

    const removed = await app.inject({
      method: 'POST',
      url: '/api/cart/remove',
      headers: session.headers,
      payload: { cart_item_ids: [second.cart_item_id] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id))).toEqual([]);
    const after = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.customerId, customer.id));
    expect(after.every((m) => m.status === 'cancelled')).toBe(true);
  });

  it('checks out: the membership becomes active, the mandate the instruction, the order shows it', async () => {
    const { customer, session } = await adultWith();
    const sub = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    const token = await cardToken(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'token', token, save_card: false },
      },
    });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().data.order_id as number;
    const [m] = await t.db.select().from(memberships).where(eq(memberships.id, sub.membership_id));
    expect((await findStatusInfo(t.db, [m!])).get(m!.id)).toBeNull();
    expect(m).toMatchObject({
      status: 'active',
      awaitingPayment: false,
      nextPaymentDate: '2026-12-01',
    });
    const [mandate] = await t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.id, m!.mandateId!));
    expect(mandate!.status).toBe('active');
    const user = userReply.parse((await get('/api/auth/user', session)).json()).data;
    expect(user).toMatchObject({ has_instruction: true, has_billing_date: true, membership_user: true });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(c!.billingDay).toBe(1);

    const order = orderReply.parse((await get(`/api/orders/${orderId}`, session)).json()).data;
    expect(order.total.raw).toBe(2700);
    expect(order.items[0]).toMatchObject({
      type: 'membership',
      venue_name: 'Leeds Central',
      membership: {
        start_date: '22 November 2026',
        payment_type: 'recurring',
        payment_option: { pretty_first_billing_date: '1 December 2026', fixed_duration: null },
        fees: [
          { label: 'Setup fee', price: { raw: 1500 } },
          { label: 'Pro-rata', price: { raw: 1200 } },
        ],
        categories: [{ name: 'Adult' }],
        base_fee: { price: { raw: 3999 } },
        home_venue: { name: 'Leeds Central' },
      },
    });

    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: 'active',
      management_enabled: true,
      freezable: true,
      cancellable: true,
      renewable: false,
      can_change: true,
      next_payment_date: { full_date: '1 December 2026', raw: '2026-12-01' },
      direct_debit: { account_number_ending: '78', sort_code: '20-**-**', status: 'active' },
      document: null,
    });

    // A member with an instruction and billing day joins another monthly membership without bank details.
    const again = await submit(
      details({
        membership_type_id: swim.id,
        payment_option_id: swimMonthly.id,
        answers: undefined,
        billing_day: null,
        account_holder: null,
        account_details: null,
      }),
      session.headers,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().data.new_mandate).toBe(false);
  });

  it('completes a zero-total fixed membership with a future start: pending, with expires_at', async () => {
    const { customer, session } = await adultWith();
    const sub = await submit(
      details({
        payment_option_id: gymAnnual.id,
        start_date: '2026-12-01',
        billing_day: null,
        promotion_code_id: free!.id,
        account_holder: null,
        account_details: null,
        dd_authorised: false,
      }),
      session.headers,
    );
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data.new_mandate).toBe(false);
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.cartable_resource.duration).toBe('12 months');
    expect(cart.totals.total.raw).toBe(0);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: { terms: true, cart_version: cart.version },
    });
    expect(res.statusCode).toBe(200);
    const [m] = await t.db.select().from(memberships).where(eq(memberships.customerId, customer.id));
    expect(m).toMatchObject({ status: 'pending', expiresAt: '2027-12-01', nextPaymentDate: null });
    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list[0]).toMatchObject({
      renewable: true,
      can_renew: false,
      renew_forbid_reason: 'You can renew from 1 November 2027',
      can_change: false,
      cannot_change_reason: 'Only active monthly memberships can be changed online.',
    });
  });

  it('flags a basket membership whose start date has passed, and checkout refuses it', async () => {
    const { session } = await adultWith();
    const sub = membershipSubmitReply.parse((await submit(details(), session.headers)).json()).data;
    await t.db
      .update(memberships)
      .set({ startDate: '2026-11-20' })
      .where(eq(memberships.id, sub.membership_id));
    const cart = cartReply.parse((await get('/api/cart', session)).json()).data;
    expect(cart.items[0]!.problem).toBe(MEMBERSHIP_PURCHASE_TEXTS.startDatePassed);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: session.headers,
      payload: {
        terms: true,
        cart_version: cart.version,
        payment_method: { type: 'token', token: await cardToken(app), save_card: false },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MEMBERSHIP_PURCHASE_TEXTS.startDatePassed);
  });

  it("lists only the caller's memberships", async () => {
    const { session } = await adultWith();
    const other = await adultWith();
    await submit(details(), other.session.headers);
    const list = accountMembershipsReply.parse(
      (await get('/api/my-account/user/memberships', session)).json(),
    ).data;
    expect(list).toEqual([]);
  });
});

describe('costs and provider', () => {
  it('refuses costs of a membership the caller cannot buy', async () => {
    const c = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
    const s = await sessionFor(t.db, c.id);
    const res = await get(
      `/api/memberships/types/${junior.id}/payment-options/${juniorMonthly.id}?billing_day=1`,
      s,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.membership_type_id).toEqual([JOINING_TEXTS.notEligible]);
  });

  it('names the direct-debit provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/direct-debit/provider' });
    expect(res.json()).toEqual({ data: { provider: DD.name } });
  });
});

describe('PUT /api/my-account/user/update and password', () => {
  it('checks the checksum, refuses locked fields, requires fields and saves only the caller', async () => {
    const me = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
    const other = await createCustomer(t.db, { clientId: client.id, firstName: 'Other' });
    const s = await sessionFor(t.db, me.id);
    const form = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=customer_account_online', s)).json(),
    ).data;
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/my-account/user/update?onboarding_type=customer_account_online',
        headers: s.headers,
        payload,
      });
    const base = { first_name: 'New', last_name: 'Name', email: me.email, date_of_birth: '1990-05-01' };
    expect((await put({ ...base, checksum: 'stale' })).statusCode).toBe(409);
    const locked = await put({ ...base, date_of_birth: '1991-01-01', checksum: form.checksum });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.date_of_birth).toEqual(["Date of birth can't be changed online."]);
    const missing = await put({ ...base, first_name: '', checksum: form.checksum });
    expect(missing.json().errors.first_name).toEqual(['First name is required.']);
    const ok = await put({ ...base, unknown_key: 'ignored', id: other.id, checksum: form.checksum });
    expect(ok.statusCode).toBe(200);
    expect(userReply.parse(ok.json()).data.first_name).toBe('New');
    const [o] = await t.db.select().from(customers).where(eq(customers.id, other.id));
    expect(o!.firstName).toBe('Other');
  });

  it('changes the password and revokes the other sessions only', async () => {
    const me = await createCustomer(t.db, { clientId: client.id });
    const a = await login(app, { username: me.reference, password: TEST_PASSWORD });
    const b = await login(app, { username: me.reference, password: TEST_PASSWORD });
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/my-account/user/password', headers: a.headers, payload });
    const wrong = await put({
      current_password: 'Wrong1!xx',
      password: 'N3w-Passw0rd!',
      repeat_new_password: 'N3w-Passw0rd!',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is incorrect.']);
    const ok = await put({
      current_password: TEST_PASSWORD,
      password: 'N3w-Passw0rd!',
      repeat_new_password: 'N3w-Passw0rd!',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/auth/user', a)).statusCode).toBe(200);
    expect((await get('/api/auth/user', b)).statusCode).toBe(401);
    await login(app, { username: me.reference, password: 'N3w-Passw0rd!' });
  });
});
