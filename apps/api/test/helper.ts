import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@fieldhouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  cartItems,
  carts,
  clients,
  creditTransactions,
  customerPackages,
  customerPackageVenues,
  customers,
  guestPasses,
  membershipBenefits,
  memberships,
  membershipTypes,
  orders,
  paymentOptions,
  penalties,
  terms,
  venues,
  waitlistEntries,
} from '../src/db/schema.ts';
import { DEMO_FOOTER_HTML, DEMO_THEME } from '../src/db/seed-data.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createSession as createAuthSession } from '../src/services/auth/sessions.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../src/services/payments/provider.ts';
import { openFreshDatabase } from './db-template.ts';

export const TEST_PASSWORD = 'Passw0rd!';
export const TEST_CSRF = 'test-csrf-token';

/**
 * Redis keys of one test file: files never collide in Redis, even when one worker runs several files (the int project
 * does not isolate files, to import the app once per worker).
 */
const filePrefixes = new Map<string, string>();
const testRedisPrefix = () => {
  const file = expect.getState().testPath ?? '';
  const prefix = filePrefixes.get(file) ?? `fh-test:${randomUUID()}:`;
  filePrefixes.set(file, prefix);
  return prefix;
};

type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<Config['rateLimits']> };

export function testConfig(overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({ LOG_LEVEL: 'error' });
  return {
    ...base,
    demoMode: true,
    webDist: path.join(os.tmpdir(), 'fh-test-no-web-dist'),
    // Apps of one test file share counters (like processes of one deployment); files never collide in Redis.
    redisKeyPrefix: testRedisPrefix(),
    ...overrides,
    rateLimits: {
      loginPerIpPerMinute: 1000,
      loginFailuresPerAccount: 1000,
      loginFailuresPerAccountAllAddresses: 10_000,
      loginFirstDelaySeconds: 1,
      loginMaxDelaySeconds: 900,
      forgottenPasswordPerIpPerMinute: 1000,
      ...overrides.rateLimits,
    },
  };
}

/** Every app built in this file (background work is settled across all of them). */
const builtApps = new Set<FastifyInstance>();

/** Errors the app logs go to console.error, which fails the test (test/setup.ts). */
const testLogger = { level: 'error', stream: { write: (line: string) => console.error(line) } };

/**
 * A fresh database for this test file (closed after the file) and a function that builds apps on it.
 * Apps built with `buildTestApp` are closed after the file too.
 */
export async function setupTestDatabase() {
  const database = await openFreshDatabase();
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) {
      builtApps.delete(app);
      await app.close();
    }
    await database.close();
  });
  const buildTestApp = async (
    overrides: ConfigOverrides = {},
    options: Pick<
      BuildAppOptions,
      | 'now'
      | 'logger'
      | 'plugins'
      | 'wrapPaymentProvider'
      | 'wrapDirectDebitProvider'
      | 'storage'
      | 'jobs'
      | 'mailSender'
      | 'onRoute'
    > = {},
  ) => {
    const app = await buildApp({
      config: testConfig(overrides),
      database,
      logger: testLogger,
      mailSender: null,
      ...options,
    });
    apps.push(app);
    builtApps.add(app);
    return app;
  };
  return { database, db: database.db, buildTestApp } as {
    database: Database;
    db: Db;
    buildTestApp: typeof buildTestApp;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Factories (each takes overrides)

let counter = 0;
let cachedHash: Promise<string> | undefined;
/** One scrypt hash of TEST_PASSWORD per file (hashing is deliberately slow). */
const testPasswordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createClient(db: Db, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      slug: `client-${unique()}`,
      name: 'Test Leisure',
      features: {
        online_joining: true,
        online_joining_map: true,
        online_guest_passes: true,
        credits: true,
        activities_v2: true,
        profile_photo: true,
      },
      supportEmail: 'help@test.example',
      theme: DEMO_THEME,
      footerHtml: DEMO_FOOTER_HTML,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createVenue(
  db: Db,
  overrides: Partial<typeof venues.$inferInsert> & { clientId: number },
) {
  const id = unique();
  const [row] = await db
    .insert(venues)
    .values({
      slug: `venue-${id}`,
      name: `Venue ${id}`,
      address1: '1 High Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      lat: 53.7997,
      lng: -1.5492,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCustomer(
  db: Db,
  overrides: Partial<typeof customers.$inferInsert> & { clientId: number; password?: string },
) {
  const { password = TEST_PASSWORD, ...values } = overrides;
  const id = unique();
  const passwordHash = password === TEST_PASSWORD ? await testPasswordHash() : await hashPassword(password);
  const [row] = await db
    .insert(customers)
    .values({
      reference: `T${id.toUpperCase()}`,
      email: `customer-${id}@test.example`,
      firstName: 'Test',
      lastName: 'Customer',
      passwordHash,
      termsAcceptedAt: new Date(),
      ...values,
    })
    .returning();
  return { ...row!, password };
}

export async function createActivity(
  db: Db,
  overrides: Partial<typeof activities.$inferInsert> & { venueId: number },
) {
  const [activity] = await db
    .insert(activities)
    .values({
      name: 'Spin',
      category: 'Cycling',
      locationName: 'Studio 1',
      price: 650,
      capacity: 20,
      durationMinutes: 45,
      ...overrides,
    })
    .returning();
  return activity!;
}

/**
 * A session (defaults: £6.50, 45 minutes, capacity 20, 2-hour cut-off); creates its activity unless
 * `activityId` is given.
 */
export async function createSession(
  db: Db,
  input: {
    venueId: number;
    startsAt: Date;
    activityId?: number;
    name?: string;
    category?: string;
    price?: number;
    capacity?: number;
    bookedCount?: number;
    durationMinutes?: number;
    locationName?: string;
    cancellationCutoffHours?: number;
    cancellationAwardsCredit?: boolean;
    requiresWaiver?: boolean;
    maxPlacesPerBooking?: number;
  },
) {
  const durationMinutes = input.durationMinutes ?? 45;
  const price = input.price ?? 650;
  const capacity = input.capacity ?? 20;
  const activity = input.activityId
    ? (await db.select().from(activities).where(eq(activities.id, input.activityId)))[0]!
    : await createActivity(db, {
        venueId: input.venueId,
        name: input.name ?? 'Spin',
        category: input.category ?? 'Cycling',
        locationName: input.locationName ?? 'Studio 1',
        price,
        capacity,
        durationMinutes,
        cancellationCutoffHours: input.cancellationCutoffHours ?? 2,
        cancellationAwardsCredit: input.cancellationAwardsCredit ?? true,
        requiresWaiver: input.requiresWaiver ?? false,
        maxPlacesPerBooking: input.maxPlacesPerBooking ?? 1,
      });
  const [session] = await db
    .insert(activitySessions)
    .values({
      activityId: activity.id,
      venueId: input.venueId,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + durationMinutes * 60_000),
      capacity,
      bookedCount: input.bookedCount ?? 0,
      price,
      locationName: input.locationName ?? activity.locationName,
    })
    .returning();
  return { activity, session: session! };
}

export async function createBooking(
  db: Db,
  input: {
    customerId: number;
    sessionId: number;
    price?: number;
    status?: 'booked' | 'attended' | 'no_show' | 'cancelled';
    /** Also take the place (booked_count + 1); default true. */
    countPlace?: boolean;
  },
) {
  const price = input.price ?? 650;
  const [order] = await db
    .insert(orders)
    .values({ customerId: input.customerId, total: price, paymentType: 'card' })
    .returning();
  const [booking] = await db
    .insert(bookings)
    .values({
      customerId: input.customerId,
      activitySessionId: input.sessionId,
      orderId: order!.id,
      status: input.status ?? 'booked',
      attended: input.status === 'attended' ? true : null,
      price,
    })
    .returning();
  if (input.countPlace ?? true) {
    if ((input.status ?? 'booked') !== 'cancelled') {
      await db
        .update(activitySessions)
        .set({ bookedCount: sql`${activitySessions.bookedCount} + 1` })
        .where(eq(activitySessions.id, input.sessionId));
    }
  }
  return booking!;
}

/** An open basket holding the given lines. */
export async function createCart(
  db: Db,
  input: { customerId: number; items?: { type: 'activity' | 'penalty'; id: number }[]; version?: number },
) {
  const [cart] = await db
    .insert(carts)
    .values({ customerId: input.customerId, version: input.version ?? 1 })
    .returning();
  const items = input.items?.length
    ? await db
        .insert(cartItems)
        .values(input.items.map((i) => ({ cartId: cart!.id, cartableType: i.type, cartableId: i.id })))
        .returning()
    : [];
  return { cart: cart!, items };
}

export async function createPenalty(
  db: Db,
  overrides: Partial<typeof penalties.$inferInsert> & { customerId: number; venueId: number },
) {
  const [row] = await db
    .insert(penalties)
    .values({ type: 'late_cancellation', description: 'Late cancellation fee', amount: 500, ...overrides })
    .returning();
  return row!;
}

export async function createCredit(
  db: Db,
  overrides: Partial<typeof creditTransactions.$inferInsert> & { customerId: number; amount: number },
) {
  const [row] = await db
    .insert(creditTransactions)
    .values({ kind: 'general', reason: 'Goodwill', ...overrides })
    .returning();
  return row!;
}

/** An active membership whose type carries one benefit (defaults: 'Free swim', 100% on Aquatics, 8 a month). */
export async function createMembershipWithBenefit(
  db: Db,
  input: {
    clientId: number;
    customerId: number;
    venueId: number;
    benefit?: Partial<typeof membershipBenefits.$inferInsert>;
    status?: 'active' | 'frozen' | 'cancelled';
  },
) {
  const [type] = await db
    .insert(membershipTypes)
    .values({
      clientId: input.clientId,
      slug: `type-${unique()}`,
      name: 'Gym & Swim',
      category: 'Adult',
      coverage: 'national',
    })
    .returning();
  const [option] = await db
    .insert(paymentOptions)
    .values({ membershipTypeId: type!.id, name: 'Monthly', paymentType: 'recurring', baseFee: 3999 })
    .returning();
  const [membership] = await db
    .insert(memberships)
    .values({
      customerId: input.customerId,
      membershipTypeId: type!.id,
      paymentOptionId: option!.id,
      homeVenueId: input.venueId,
      reference: `M-${unique()}`,
      status: input.status ?? 'active',
      startDate: '2026-01-01',
      price: 3999,
    })
    .returning();
  const [benefit] = await db
    .insert(membershipBenefits)
    .values({
      membershipTypeId: type!.id,
      name: 'Free swim',
      activityCategory: 'Aquatics',
      discountPercent: 100,
      usesPerPeriod: 8,
      period: 'month',
      ...input.benefit,
    })
    .returning();
  return { membership: membership!, benefit: benefit! };
}

export async function createPackage(
  db: Db,
  overrides: Partial<typeof customerPackages.$inferInsert> & { customerId: number },
) {
  const [row] = await db
    .insert(customerPackages)
    .values({
      name: '10 Yoga Class Pass',
      area: 'Classes',
      activityCategory: 'Mind & Body',
      sessionsIncluded: 10,
      sessionsRemaining: 6,
      price: 5500,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A guest-pass package (default '5 Guest Pass Bundle', 3 of 5 left); `venueIds` limits where it is good. */
export async function createGuestPassPackage(
  db: Db,
  input: Partial<typeof customerPackages.$inferInsert> & { customerId: number; venueIds?: number[] },
) {
  const { venueIds = [], ...overrides } = input;
  const pkg = await createPackage(db, {
    kind: 'guest_pass',
    name: '5 Guest Pass Bundle',
    area: 'Guest passes',
    activityCategory: 'Guest pass',
    sessionsIncluded: 5,
    sessionsRemaining: 3,
    price: 2500,
    ...overrides,
  });
  if (venueIds.length) {
    await db
      .insert(customerPackageVenues)
      .values(venueIds.map((venueId) => ({ customerPackageId: pkg.id, venueId })));
  }
  return pkg;
}

/** A sent guest pass (default: issued, valid for a week, from the given package). */
export async function createGuestPass(
  db: Db,
  overrides: Partial<typeof guestPasses.$inferInsert> & {
    customerId: number;
    venueId: number;
    customerPackageId: number;
  },
) {
  const [row] = await db
    .insert(guestPasses)
    .values({
      guestName: 'Jamie Patel',
      guestEmail: 'jamie@test.example',
      code: `GP-${unique().toUpperCase()}`,
      validTo: new Date(Date.now() + 7 * 86_400_000),
      sourceType: 'package',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createWaitlistEntry(
  db: Db,
  input: { customerId: number; sessionId: number; createdAt?: Date },
) {
  const [row] = await db
    .insert(waitlistEntries)
    .values({ customerId: input.customerId, activitySessionId: input.sessionId, createdAt: input.createdAt })
    .returning();
  return row!;
}

export async function createTerms(db: Db, input: { clientId: number; title?: string; html?: string }) {
  const [row] = await db
    .insert(terms)
    .values({
      clientId: input.clientId,
      kind: 'checkout',
      title: input.title ?? 'Booking terms and conditions',
      html: input.html ?? '<p>Be on time.</p>',
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** Headers for an unsafe call without a session: the double-submit CSRF pair. */
export const csrfHeaders = () => ({ cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF });

export type Session = { token: string; headers: { cookie: string; [CSRF_HEADER]: string } };

export function sessionFrom(response: LightMyRequestResponse): Session {
  const token = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!token) throw new Error(`No session cookie in the reply (${response.statusCode}): ${response.body}`);
  return {
    token,
    headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}; ${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: TEST_CSRF },
  };
}

/** Logs in through the API; returns the headers that carry the session and CSRF token. */
export async function login(
  app: FastifyInstance,
  who: { username?: string; email?: string; password: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    headers: csrfHeaders(),
    payload: { username: who.username ?? who.email, password: who.password },
  });
  if (response.statusCode !== 200) throw new Error(`Login failed (${response.statusCode}): ${response.body}`);
  return sessionFrom(response);
}

/** Waits for work the apps of this file run after replying (e.g. a password-reset mail). */
export async function settleBackgroundWork() {
  for (const app of builtApps) if (app.hasDecorator('background')) await app.background.settle();
}

export async function outbox(app: FastifyInstance, to?: string) {
  await settleBackgroundWork();
  const response = await app.inject({
    method: 'GET',
    url: '/api/dev/mail/messages',
    query: to ? { to } : {},
  });
  return response.json().data as {
    id: number;
    to: string;
    subject: string;
    text: string;
    html: string | null;
  }[];
}

/**
 * A logged-in session created directly in the database: for tests that need many customers at once (logging in
 * through the API costs a password hash each). Most tests use `login`.
 */
export async function sessionFor(db: Db, customerId: number): Promise<Session> {
  const token = await createAuthSession(db, { customerId, ttlDays: 1, now: new Date() });
  return {
    token,
    headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}; ${SESSION_COOKIE}=${token}`, [CSRF_HEADER]: TEST_CSRF },
  };
}

export const TEST_BILLING = {
  billing_first_name: 'Alex',
  billing_last_name: 'Morgan',
  billing_address_line_one: '1 High Street',
  billing_city: 'Leeds',
  billing_postcode: 'LS1 1AA',
};

/** A sandbox card token through the API (default: the card that succeeds). */
export async function cardToken(app: FastifyInstance, cardNumber = '4242 4242 4242 4242') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/tokens',
    headers: csrfHeaders(),
    payload: {
      cardholder_name: 'Alex Morgan',
      card_number: cardNumber,
      expiry_date: '12/39',
      security_code: '123',
      ...TEST_BILLING,
    },
  });
  if (response.statusCode !== 200) throw new Error(`Token failed (${response.statusCode}): ${response.body}`);
  return response.json().data.token as string;
}

/** Wraps the payment provider to count what reaches it. */
export function countingProvider() {
  const calls = { charge: 0, confirm: 0, refund: 0, forget: [] as string[], succeeded: [] as string[] };
  const wrap = (inner: PaymentProvider): PaymentProvider => ({
    name: `counting ${inner.name}`,
    async charge(request: ChargeRequest, context) {
      calls.charge++;
      const result: ChargeResult = await inner.charge(request, context);
      if (result.status === 'succeeded') calls.succeeded.push(result.chargeId);
      return result;
    },
    async confirm(intentId, expected, context) {
      calls.confirm++;
      const result = await inner.confirm(intentId, expected, context);
      if (result.status === 'succeeded') calls.succeeded.push(result.chargeId);
      return result;
    },
    async refund(chargeId, amount, key, context) {
      calls.refund++;
      return inner.refund(chargeId, amount, key, context);
    },
    async forgetCard(savedCardRef, context) {
      calls.forget.push(savedCardRef);
      return inner.forgetCard(savedCardRef, context);
    },
  });
  return { calls, wrap };
}
