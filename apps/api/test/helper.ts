import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  SESSION_COOKIE,
  STAFF_SESSION_COOKIE,
  type StaffRole,
} from '@fieldhouse/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import { createCustomer as createCustomerRow } from '../src/db/factories/customers.ts';
import { type customers, staffAccounts, staffAccountVenues } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createSession as createAuthSession } from '../src/services/auth/sessions.ts';
import { createStaffSession } from '../src/services/staff/sessions.ts';
import { openFreshDatabase } from './db-template.ts';
import { STAND_IN_TOKEN, STAND_IN_WEBHOOK_SECRET, startGoCardlessStandIn } from './gocardless-stand-in.ts';

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
 * Which direct-debit provider apps built by `buildTestApp` use unless a test says otherwise: the sandbox, or, in the
 * vitest project `int-gocardless` (TEST_DIRECT_DEBIT_PROVIDER=gocardless: the joining tests run again), GoCardless
 * through a local stand-in of its API started for the file (gocardless-stand-in.ts).
 */
export const directDebitUnderTest = (): 'sandbox' | 'gocardless' =>
  process.env.TEST_DIRECT_DEBIT_PROVIDER === 'gocardless' ? 'gocardless' : 'sandbox';

/** What the provider under test is called in the API, and the field it puts a refused sort code's error on. */
export const directDebitExpectations = () =>
  directDebitUnderTest() === 'gocardless'
    ? { name: 'go_cardless', refusedSortCodeField: 'account_details.sort_code' }
    : { name: 'sandbox', refusedSortCodeField: 'account_details.account_number' };

/**
 * A fresh database for this test file (closed after the file) and a function that builds apps on it.
 * Apps built with `buildTestApp` are closed after the file too.
 */
export async function setupTestDatabase() {
  const database = await openFreshDatabase();
  const apps: FastifyInstance[] = [];
  const standIn = directDebitUnderTest() === 'gocardless' ? await startGoCardlessStandIn() : null;
  const directDebitDefaults: ConfigOverrides = standIn
    ? {
        directDebitProvider: 'gocardless',
        goCardless: {
          accessToken: STAND_IN_TOKEN,
          environment: 'sandbox',
          webhookSecret: STAND_IN_WEBHOOK_SECRET,
          apiBaseUrl: standIn.url,
        },
      }
    : {};
  afterAll(async () => {
    for (const app of apps) {
      builtApps.delete(app);
      await app.close();
    }
    await database.close();
    await standIn?.close();
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
      | 'timetableGeneration'
      | 'scheduledChanges'
      | 'mailSender'
      | 'onRoute'
    > = {},
  ) => {
    const app = await buildApp({
      config: testConfig({ ...directDebitDefaults, ...overrides }),
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
// Factories (src/db/factories, shared with the demo seed; each takes overrides)

export { createMandate, createSavedCard } from '../src/db/factories/customers.ts';
export {
  createBenefit,
  createEligibilityCriterion,
  createFreezeType,
  createMembership,
  createMembershipType,
  createMembershipWithBenefit,
  createPaymentOption,
  createPromotion,
  createStudentMembershipType,
} from '../src/db/factories/memberships.ts';
export { createCart, createCredit, createOrder, createPenalty } from '../src/db/factories/money.ts';
export { createClient, createTerms, createVenue } from '../src/db/factories/organisation.ts';
export { createGuestPass, createGuestPassPackage, createPackage } from '../src/db/factories/packages.ts';
export {
  createActivity,
  createBooking,
  createSession,
  createWaitlistEntry,
} from '../src/db/factories/programme.ts';
export { createTimetableException, createTimetableRule } from '../src/db/factories/timetable.ts';

let cachedHash: Promise<string> | undefined;
/** One scrypt hash of TEST_PASSWORD per file (hashing is deliberately slow). */
const testPasswordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

/** A customer who logs in with `password` (default TEST_PASSWORD, hashed once per file). */
export async function createCustomer(
  db: Db,
  overrides: Partial<typeof customers.$inferInsert> & { clientId: number; password?: string },
) {
  const { password = TEST_PASSWORD, ...values } = overrides;
  const passwordHash = password === TEST_PASSWORD ? await testPasswordHash() : await hashPassword(password);
  const row = await createCustomerRow(db, { passwordHash, ...values });
  return { ...row, password };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** A valid body for POST /api/auth/customer/register (an online account for Robin Shaw), with `overrides`. */
export const registrationBody = (clientId: number, overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  source: 'online',
  first_name: 'Robin',
  last_name: 'Shaw',
  email: 'robin.shaw@example.test',
  password: 'Str0ng!pass',
  password_confirmation: 'Str0ng!pass',
  terms_accepted: true,
  marketing_opt_in: false,
  ...overrides,
});

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

/** A new customer of the client, logged in through the API. */
export async function createLoggedInCustomer(
  app: FastifyInstance,
  db: Db,
  overrides: Parameters<typeof createCustomer>[1],
) {
  const customer = await createCustomer(db, overrides);
  return { customer, session: await login(app, customer) };
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

/** A staff member and a live staff session, made in the database (no password hash): for desk and console calls. */
export async function staffSessionFor(
  db: Db,
  input: { role: StaffRole; venueIds?: number[]; name?: string; email?: string },
) {
  const [account] = await db
    .insert(staffAccounts)
    .values({
      email: input.email ?? `staff-${Math.random().toString(36).slice(2)}@example.test`,
      name: input.name ?? 'Desk Staff',
      role: input.role,
      passwordHash: 'not-a-login',
    })
    .returning();
  if (input.venueIds?.length)
    await db
      .insert(staffAccountVenues)
      .values(input.venueIds.map((venueId) => ({ staffId: account!.id, venueId })));
  const token = await createStaffSession(db, { staffId: account!.id, now: new Date() });
  return {
    staff: account!,
    headers: {
      cookie: `${CSRF_COOKIE}=${TEST_CSRF}; ${STAFF_SESSION_COOKIE}=${token}`,
      [CSRF_HEADER]: TEST_CSRF,
    },
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
export { countingProvider } from './counting-provider.ts';
