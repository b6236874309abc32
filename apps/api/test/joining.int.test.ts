import {
  costsReply,
  customQuestionsReply,
  dataFieldsReply,
  JOINING_TEXTS,
  membershipTypesReply,
  promoValidationReply,
} from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { customQuestions, membershipPromotions, membershipTypeVenues, terms } from '../src/db/schema.ts';
import {
  createBenefit,
  createClient,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createVenue,
  sessionFor,
  setupTestDatabase,
} from './helper.ts';

const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026, GMT
const DAY = 86_400_000;
const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const other = await createVenue(t.db, { clientId: client.id, name: 'Bradford North' });
const ineligibleVenue = await createVenue(t.db, { clientId: client.id, allowIneligibleMemberships: true });
const app = await t.buildTestApp({}, { now: () => NOW });

const gym = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'gym-and-swim',
  name: 'Gym & Swim',
  descriptionHtml: '<p>Gym <script>alert(1)</script>and swim</p>',
  providesAccessTo: ['Gym', 'Swimming pool'],
  sortOrder: 1,
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
await createBenefit(t.db, { membershipTypeId: gym.id, description: 'Eight free swims a month.' });
const offPeak = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'off-peak',
  coverage: 'venues',
  sortOrder: 2,
});
const offPeakMonthly = await createPaymentOption(t.db, {
  membershipTypeId: offPeak.id,
  baseFee: 2799,
  monthInHand: true,
});
await t.db.insert(membershipTypeVenues).values({ membershipTypeId: offPeak.id, venueId: home.id });
const student = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'student',
  category: 'Concession',
  eligibilityName: 'Full-time student',
  sortOrder: 3,
});
await createPaymentOption(t.db, { membershipTypeId: student.id, baseFee: 2200, joiningFee: 0 });
const junior = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'junior',
  category: 'Junior',
  eligibilityName: 'Aged 11 to 17',
  sortOrder: 4,
});
await createPaymentOption(t.db, { membershipTypeId: junior.id, baseFee: 1500, joiningFee: 0 });

const [nojoin, half, expired] = await t.db
  .insert(membershipPromotions)
  .values([
    { clientId: client.id, code: 'NOJOIN', kind: 'percent', value: 100, appliesTo: 'joining_fee' },
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
  ])
  .returning();

const adult = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
const teen = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '2010-06-01' });
const billed = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1985-01-01', billingDay: 15 });
const adultSession = await sessionFor(t.db, adult.id);
const teenSession = await sessionFor(t.db, teen.id);
const billedSession = await sessionFor(t.db, billed.id);

const get = (url: string, headers?: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const types = async (venueId: number, headers?: Record<string, string>, extra = '') => {
  const res = await get(`/api/memberships/types?venue_id=${venueId}${extra}`, headers);
  expect(res.statusCode).toBe(200);
  return membershipTypesReply.parse(res.json()).data;
};
const costsUrl = (typeId: number, optionId: number, query: string) =>
  `/api/memberships/types/${typeId}/payment-options/${optionId}?${query}`;

describe('GET /api/memberships/types', () => {
  it('lists national memberships plus those that list the venue, with options, benefits and sanitised HTML', async () => {
    const atHome = await types(home.id);
    expect(atHome.map((m) => m.slug)).toEqual(['gym-and-swim', 'off-peak', 'student', 'junior']);
    const [g, o] = atHome;
    expect(g!.description).not.toContain('<script');
    expect(g!).toMatchObject({
      coverage: 'national',
      categories: [{ name: 'Adult' }],
      eligibility: null,
      provides_access_to: [{ name: 'Gym' }, { name: 'Swimming pool' }],
      benefits: [
        { name: 'Free swim', total_uses: 8, frequency: 'month', description: 'Eight free swims a month.' },
      ],
    });
    expect(g!.payment_options[0]).toMatchObject({
      id: gymMonthly.id,
      payment_type: 'recurring',
      fees: { base_fee: { raw: 3999, formatted: '£39.99' }, joining_fee: { raw: 1500 } },
      total_to_pay_now: { raw: 2700 }, // £15.00 joining + 9 days of £39.99 (22 Nov → 1 Dec)
      is_purchasable: { can_purchase: true, has_prices: true, message: null },
    });
    expect(g!.payment_options[1]).toMatchObject({
      id: gymAnnual.id,
      payment_type: 'fixed',
      fixed_duration: 12,
      fixed_period: 'month',
      total_to_pay_now: { raw: 39900 },
    });
    expect(o!.coverage).toEqual([{ id: home.id, slug: home.slug, name: home.name }]);
    expect((await types(other.id)).map((m) => m.slug)).toEqual(['gym-and-swim', 'student', 'junior']);
  });

  it('flags eligibility per caller: anonymous may buy; Junior by age; Student needs a document', async () => {
    const anonymous = await types(home.id);
    expect(anonymous.find((m) => m.slug === 'junior')!.payment_options[0]!.is_purchasable.can_purchase).toBe(
      true,
    );
    expect(anonymous.find((m) => m.slug === 'student')!.payment_options[0]!.is_purchasable).toEqual({
      can_purchase: true,
      has_prices: true,
      message: JOINING_TEXTS.documentRequired,
    });

    const forTeen = await types(home.id, teenSession.headers);
    expect(forTeen.find((m) => m.slug === 'junior')!.payment_options[0]!.is_purchasable.can_purchase).toBe(
      true,
    );

    const forAdult = await types(home.id, adultSession.headers);
    expect(forAdult.map((m) => m.slug)).not.toContain('junior');
    // Ineligible ones only when asked for and the venue allows it.
    expect(
      (await types(home.id, adultSession.headers, '&include_ineligible=true')).map((m) => m.slug),
    ).not.toContain('junior');
    const shown = await types(ineligibleVenue.id, adultSession.headers, '&include_ineligible=true');
    expect(shown.find((m) => m.slug === 'junior')!.payment_options[0]!.is_purchasable).toEqual({
      can_purchase: false,
      has_prices: false,
      message: 'You are not eligible for this membership',
    });
  });

  it('answers 404 for a venue of no client of ours and 422 on venue_id without one', async () => {
    expect((await get('/api/memberships/types?venue_id=999999')).statusCode).toBe(404);
    const missing = await get('/api/memberships/types');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['venue_id']);
  });
});

describe('GET /api/memberships/types/:typeId/payment-options/:optionId (costs)', () => {
  it('prices a recurring option: joining fee + pro-rata to the first billing date', async () => {
    const res = await get(
      costsUrl(gym.id, gymMonthly.id, `start_date=2026-11-22&billing_day=1&venue_id=${home.id}`),
    );
    expect(res.statusCode).toBe(200);
    expect(costsReply.parse(res.json()).data).toMatchObject({
      total_to_pay_now: { raw: 2700, formatted: '£27.00' },
      pretty_first_billing_date: '1 December 2026',
      first_billing_date: '2026-12-01',
      global_base_price: { raw: 3999 },
      promotion_enabled: true,
      payment_type: 'recurring',
      pro_rata_days: 9,
      start_date: '2026-11-22',
      billing_day: 1,
      fees: {
        joining_fee: { raw: 1500 },
        base_fee: { raw: 3999 },
        pro_rata_fee: { raw: 1200 },
        month_in_hand_fee: { raw: 0 },
        discount: { raw: 0 },
      },
    });
  });

  it('a billing day fewer than 7 days away moves to the month after; month in hand is added', async () => {
    const res = await get(costsUrl(offPeak.id, offPeakMonthly.id, 'start_date=2026-11-25&billing_day=28'));
    expect(res.json().data).toMatchObject({
      first_billing_date: '2026-12-28',
      pro_rata_days: 33,
      fees: { pro_rata_fee: { raw: 3079 }, month_in_hand_fee: { raw: 2799 } }, // 2799 × 33 / 30 = 3078.9
      total_to_pay_now: { raw: 1500 + 3079 + 2799 },
    });
  });

  it('prices a fixed option as its whole price, with no billing day needed', async () => {
    const res = await get(costsUrl(gym.id, gymAnnual.id, 'start_date=2026-12-01'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      total_to_pay_now: { raw: 39900 },
      pretty_first_billing_date: null,
      billing_day: null,
      pro_rata_days: 0,
      fixed_duration: 12,
      fixed_period: 'month',
    });
  });

  it("uses a member's own billing day and says so", async () => {
    const res = await get(
      costsUrl(gym.id, gymMonthly.id, 'start_date=2026-11-22&billing_day=3'),
      billedSession.headers,
    );
    expect(res.json().data).toMatchObject({
      billing_day: 15,
      first_billing_date: '2026-12-15',
      pretty_first_billing_date: JOINING_TEXTS.usualPaymentDate,
    });
  });

  it('applies a promotion by id', async () => {
    const res = await get(
      costsUrl(gym.id, gymMonthly.id, `start_date=2026-11-22&billing_day=1&promotion_code_id=${half!.id}`),
    );
    expect(res.json().data).toMatchObject({
      fees: { discount: { raw: 1350 } },
      total_to_pay_now: { raw: 1350 },
    });
  });

  it('answers 422 field errors on start_date, billing_day and promotion_code_id', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['start_date=2026-11-21&billing_day=1', { start_date: [JOINING_TEXTS.startDateInPast] }],
      ['start_date=2026-12-23&billing_day=1', { start_date: [JOINING_TEXTS.startDateTooLate] }],
      ['start_date=2026-02-30&billing_day=1', { start_date: [JOINING_TEXTS.startDateInvalid] }],
      ['start_date=2026-11-22', { billing_day: [JOINING_TEXTS.billingDayRequired] }],
      ['start_date=2026-11-22&billing_day=29', { billing_day: [JOINING_TEXTS.billingDayInvalid] }],
      [
        'start_date=yesterday&billing_day=x',
        { start_date: [JOINING_TEXTS.startDateInvalid], billing_day: [JOINING_TEXTS.billingDayInvalid] },
      ],
      [`billing_day=1&promotion_code_id=${expired!.id}`, { promotion_code_id: ['Code not recognised'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await get(costsUrl(gym.id, gymMonthly.id, query));
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toEqual(errors);
    }
    // The last day allowed is the same day next month.
    expect(
      (await get(costsUrl(gym.id, gymMonthly.id, 'start_date=2026-12-22&billing_day=1'))).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an option of another type, or a type not on sale at the venue', async () => {
    expect((await get(costsUrl(offPeak.id, gymMonthly.id, 'billing_day=1'))).statusCode).toBe(404);
    expect(
      (await get(costsUrl(offPeak.id, offPeakMonthly.id, `billing_day=1&venue_id=${other.id}`))).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v1/membership-promotions/validate/:code/:paymentOptionId', () => {
  const validate = (code: string, optionId: number) =>
    get(`/api/v1/membership-promotions/validate/${encodeURIComponent(code)}/${optionId}`);

  it('answers the code and its id for a valid code (case-insensitive)', async () => {
    const res = await validate('nojoin', gymAnnual.id);
    expect(res.statusCode).toBe(200);
    expect(promoValidationReply.parse(res.json()).data).toEqual({ code: 'NOJOIN', id: nojoin!.id });
    expect((await validate('HALFGYM', gymMonthly.id)).json().data.id).toBe(half!.id);
  });

  it("answers 422 'Code not recognised' when unknown, expired or for another option", async () => {
    for (const [code, optionId] of [
      ['NOPE', gymMonthly.id],
      ['OLD10', gymMonthly.id],
      ['HALFGYM', gymAnnual.id],
      ['NOJOIN', 999999],
    ] as const) {
      const res = await validate(code, optionId);
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual({
        message: 'Code not recognised',
        errors: { promotion_code: ['Code not recognised'] },
      });
    }
  });
});

const qs = await t.db
  .insert(customQuestions)
  .values([
    {
      membershipTypeId: gym.id,
      reference: 'contact',
      label: 'Emergency contact name',
      type: 'text',
      isRequired: true,
    },
    {
      membershipTypeId: gym.id,
      reference: 'visits',
      label: 'Visits a week',
      type: 'number',
      defaultValue: '2',
    },
    {
      membershipTypeId: gym.id,
      reference: 'heard',
      label: 'How did you hear about us?',
      type: 'select',
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'leaflet', label: 'Leaflet' },
      ],
      isRequired: true,
    },
    {
      membershipTypeId: gym.id,
      reference: 'goals',
      label: 'Your goals',
      type: 'multi_select',
      options: [
        { value: 'fitness', label: 'Fitness' },
        { value: 'strength', label: 'Strength' },
      ],
    },
    { membershipTypeId: gym.id, reference: 'last', label: 'Last exercised', type: 'date', isRequired: true },
    { membershipTypeId: gym.id, reference: 'induction', label: 'Induction', type: 'checkbox', sortOrder: 9 },
    { membershipTypeId: student.id, reference: 'uni', label: 'University', type: 'text', isRequired: true },
  ])
  .returning();
const [contact, visits, heard, goals, last, induction, uni] = qs as [
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
  (typeof qs)[number],
];
const url = `/api/custom-questions/memberships/${gym.id}`;
const post = (headers: Record<string, string>, answers: Record<number, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers,
    payload: {
      answers: Object.fromEntries(
        Object.entries(answers).map(([id, answer]) => [id, { question_id: Number(id), answer }]),
      ),
    },
  });
const valid = {
  [contact.id]: 'Sam Smith',
  [visits.id]: '3',
  [heard.id]: 'friend',
  [goals.id]: ['fitness', 'strength'],
  [last.id]: '2025-01-31',
  [induction.id]: true,
};

describe('GET/POST /api/custom-questions/memberships/:id', () => {
  it("lists a membership type's questions of every type, anonymous callers without answers", async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const data = customQuestionsReply.parse(res.json()).data;
    expect(data.map((q) => q.type)).toEqual(['text', 'number', 'select', 'multi_select', 'date', 'checkbox']);
    expect(data[1]).toMatchObject({ reference: 'visits', is_required: false, default: '2', answer: null });
    expect(data[2]!.options).toEqual([
      { value: 'friend', label: 'A friend' },
      { value: 'leaflet', label: 'Leaflet' },
    ]);
    expect((await get('/api/custom-questions/memberships/999999')).statusCode).toBe(404);
  });

  it('needs a login to answer', async () => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { cookie: 'fh_csrf=test-csrf-token', 'x-csrf-token': 'test-csrf-token' },
      payload: { answers: {} },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 422 '{label} is required.' and 'Date must be valid.' and saves nothing", async () => {
    const res = await post(adultSession.headers, {
      [contact.id]: '  ',
      [last.id]: '2025-02-30',
      [visits.id]: 'lots',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [`answers.${contact.id}`]: ['Emergency contact name is required.'],
      [`answers.${visits.id}`]: ['Visits a week must be a number.'],
      [`answers.${heard.id}`]: ['How did you hear about us? is required.'],
      [`answers.${last.id}`]: ['Date must be valid.'],
    });
    const bad = await post(adultSession.headers, { ...valid, [heard.id]: 'billboard', [uni.id]: 'Leeds' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      [`answers.${heard.id}`, `answers.${uni.id}`].sort(),
    );
    const stored = customQuestionsReply.parse((await get(url, adultSession.headers)).json()).data;
    expect(stored.every((q) => q.answer === null)).toBe(true);
  });

  it('stores answers per customer: each caller sees only their own', async () => {
    const res = await post(adultSession.headers, valid);
    expect(res.statusCode).toBe(200);
    const mine = customQuestionsReply.parse(res.json()).data;
    expect(Object.fromEntries(mine.map((q) => [q.reference, q.answer]))).toEqual({
      contact: 'Sam Smith',
      visits: 3,
      heard: 'friend',
      goals: ['fitness', 'strength'],
      last: '2025-01-31',
      induction: true,
    });
    // A second save replaces the answers.
    await post(adultSession.headers, { ...valid, [contact.id]: 'Alex Smith', [induction.id]: false });
    const again = customQuestionsReply.parse((await get(url, adultSession.headers)).json()).data;
    expect(again.find((q) => q.id === contact.id)!.answer).toBe('Alex Smith');
    expect(again.find((q) => q.id === induction.id)!.answer).toBe(false);
    // Another customer sees none of them.
    const theirs = customQuestionsReply.parse((await get(url, teenSession.headers)).json()).data;
    expect(theirs.every((q) => q.answer === null)).toBe(true);
  });
});

describe('GET /api/terms?kind=', () => {
  it('answers the joining terms of one kind, and still the checkout terms without a kind', async () => {
    await t.db.insert(terms).values([
      { clientId: client.id, kind: 'checkout', title: 'Booking terms', html: '<p>Book</p>' },
      { clientId: client.id, kind: 'direct_debit', title: 'Direct Debit Guarantee', html: '<p>DD</p>' },
      {
        clientId: client.id,
        kind: 'health_commitment',
        title: 'Health commitment',
        html: '<p>Healthy</p><img src=x onerror=alert(1)>',
      },
      { clientId: client.id, kind: 'membership', title: 'Membership terms', html: '<p>Member</p>' },
    ]);
    const titles = async (query: string) =>
      ((await get(`/api/terms${query}`)).json().data as { title: string; html: string }[]).map(
        (x) => x.title,
      );
    expect(await titles('')).toEqual(['Booking terms']);
    expect(await titles('?cart_id=1')).toEqual(['Booking terms']);
    expect(await titles('?kind=direct_debit')).toEqual(['Direct Debit Guarantee']);
    expect(await titles('?kind=membership')).toEqual(['Membership terms']);
    const health = (await get('/api/terms?kind=health_commitment')).json().data;
    expect(health[0].html).not.toContain('onerror');
    expect((await get('/api/terms?kind=nonsense')).statusCode).toBe(422);
  });
});

describe('GET /api/data-fields', () => {
  it('answers the sections and a checksum; a logged-in caller gets their values, date of birth locked', async () => {
    const anonymous = await get('/api/data-fields?onboarding_type=membership_purchase');
    expect(anonymous.statusCode).toBe(200);
    const form = dataFieldsReply.parse(anonymous.json()).data;
    expect(form.sections.map((x) => x.section_reference)).toEqual([
      'personal_details',
      'contact_details',
      'preferences',
    ]);
    expect(form.checksum).toMatch(/^[0-9a-f]{64}$/);
    const dob = form.sections[0]!.section_fields.find((f) => f.path === 'date_of_birth')!;
    expect(dob).toMatchObject({ type: 'date', answer: null, is_authorised: true, is_required: true });

    const mine = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=membership_purchase', adultSession.headers)).json(),
    ).data;
    expect(mine.checksum).toBe(form.checksum);
    const fields = Object.fromEntries(mine.sections.flatMap((x) => x.section_fields).map((f) => [f.path, f]));
    expect(fields.email!.answer).toBe(adult.email);
    expect(fields.date_of_birth).toMatchObject({ answer: '1990-05-01', is_authorised: false });

    const account = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=customer_account_online')).json(),
    );
    expect(account.data.checksum).not.toBe(form.checksum);
    expect((await get('/api/data-fields?onboarding_type=nonsense')).statusCode).toBe(422);
  });
});
