import { costsReply, JOINING_TEXTS, membershipTypesReply, promoValidationReply } from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { optionsWithPromotion } from '../src/services/memberships/promotions.ts';
import {
  createClient,
  createMembershipType,
  createPaymentOption,
  createPromotion,
  createVenue,
  setupTestDatabase,
} from './helper.ts';
import { joiningFixtures, NOW } from './joining.fixtures.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db, { name: 'Fieldhouse Leisure' });
const home = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
const other = await createVenue(t.db, { clientId: client.id, name: 'Bradford North' });
const ineligibleVenue = await createVenue(t.db, { clientId: client.id, allowIneligibleMemberships: true });
const app = await t.buildTestApp({}, { now: () => NOW });
const {
  gym,
  gymMonthly,
  gymAnnual,
  offPeak,
  offPeakMonthly,
  nojoin,
  half,
  expired,
  adultSession,
  teenSession,
  billedSession,
  get,
} = await joiningFixtures(t, client, home, app);

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
      // A promotion is good now for this option, so the promo code is offered before the costs are asked for.
      promotion_enabled: true,
    });
    expect(g!.payment_options[1]).toMatchObject({
      id: gymAnnual.id,
      payment_type: 'fixed',
      fixed_duration: 12,
      fixed_period: 'month',
      total_to_pay_now: { raw: 39900 },
      promotion_enabled: true, // NOJOIN covers every option
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

it("says which options a promotion is good for now, as the list's promotion_enabled: the option's own, or every option's; not an expired or archived one", async () => {
  const club = await createClient(t.db, { name: 'Promotionless Club' });
  const type = await createMembershipType(t.db, { clientId: club.id, name: 'Swim', slug: 'club-swim' });
  const monthly = await createPaymentOption(t.db, { membershipTypeId: type.id, baseFee: 2000 });
  const annual = await createPaymentOption(t.db, { membershipTypeId: type.id, baseFee: 20000 });
  const enabled = async () => {
    const has = await optionsWithPromotion(t.db, club.id, NOW);
    return [has(monthly.id), has(annual.id)];
  };
  expect(await enabled()).toEqual([false, false]);
  await createPromotion(t.db, {
    clientId: club.id,
    code: 'GONE',
    value: 10,
    validTo: new Date(NOW.getTime() - 1),
  });
  await createPromotion(t.db, {
    clientId: club.id,
    code: 'LATER',
    value: 10,
    validFrom: new Date(NOW.getTime() + 60_000),
  });
  await createPromotion(t.db, { clientId: club.id, code: 'SHELVED', value: 10, archivedAt: NOW });
  expect(await enabled()).toEqual([false, false]);
  await createPromotion(t.db, { clientId: club.id, code: 'MONTH', value: 10, paymentOptionId: monthly.id });
  expect(await enabled()).toEqual([true, false]);
  await createPromotion(t.db, { clientId: club.id, code: 'ALL', value: 10 });
  expect(await enabled()).toEqual([true, true]);
  // One client's promotions are not another's.
  const quiet = await createClient(t.db, { name: 'Quiet Club' });
  expect((await optionsWithPromotion(t.db, quiet.id, NOW))(monthly.id)).toBe(false);
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
