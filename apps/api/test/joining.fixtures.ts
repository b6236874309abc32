import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { membershipTypeVenues } from '../src/db/schema.ts';
import {
  createBenefit,
  createCustomer,
  createMembershipType,
  createPaymentOption,
  createPromotion,
  sessionFor,
} from './helper.ts';

// Shared by the joining-*.int.test.ts files split from one: each builds these on its own database and app.

export const NOW = new Date('2026-11-22T10:00:00Z'); // Sunday 22 November 2026, GMT
const DAY = 86_400_000;

/**
 * Two promotion codes the joining and purchase tests both use: HALFGYM (half of everything on the gym's monthly
 * option) and OLD10 (£10 off the first payment, expired the day before NOW).
 */
export async function createGymPromotions(db: Db, input: { clientId: number; gymMonthlyId: number }) {
  const half = await createPromotion(db, {
    clientId: input.clientId,
    code: 'HALFGYM',
    paymentOptionId: input.gymMonthlyId,
    value: 50,
  });
  const expired = await createPromotion(db, {
    clientId: input.clientId,
    code: 'OLD10',
    kind: 'fixed',
    value: 1000,
    appliesTo: 'first_payment',
    validTo: new Date(NOW.getTime() - DAY),
  });
  return { half, expired };
}

/** The catalogue of one test file (membership types, promotions, customers with sessions) and a GET on its app. */
export async function joiningFixtures(
  t: { db: Db },
  client: { id: number },
  home: { id: number },
  app: FastifyInstance,
) {
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

  const nojoin = await createPromotion(t.db, {
    clientId: client.id,
    code: 'NOJOIN',
    value: 100,
    appliesTo: 'joining_fee',
  });
  const { half, expired } = await createGymPromotions(t.db, {
    clientId: client.id,
    gymMonthlyId: gymMonthly.id,
  });

  const adult = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
  const teen = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '2010-06-01' });
  const billed = await createCustomer(t.db, {
    clientId: client.id,
    dateOfBirth: '1985-01-01',
    billingDay: 15,
  });
  const adultSession = await sessionFor(t.db, adult.id);
  const teenSession = await sessionFor(t.db, teen.id);
  const billedSession = await sessionFor(t.db, billed.id);

  const get = (url: string, headers?: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  return {
    gym,
    gymMonthly,
    gymAnnual,
    offPeak,
    offPeakMonthly,
    student,
    nojoin,
    half,
    expired,
    adult,
    adultSession,
    teenSession,
    billedSession,
    get,
  };
}
