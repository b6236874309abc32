import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@fieldhouse/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import {
  activities,
  activitySessions,
  bookings,
  clients,
  customers,
  orders,
  venues,
} from '../src/db/schema.ts';
import { DEMO_FOOTER_HTML, DEMO_THEME } from '../src/db/seed-data.ts';
import { hashPassword } from '../src/lib/password.ts';
import { openFreshDatabase } from './db-template.ts';

export const TEST_PASSWORD = 'Passw0rd!';
export const TEST_CSRF = 'test-csrf-token';

type ConfigOverrides = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<Config['rateLimits']> };

export function testConfig(overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({ LOG_LEVEL: 'error' });
  return {
    ...base,
    demoMode: true,
    webDist: path.join(os.tmpdir(), 'fh-test-no-web-dist'),
    ...overrides,
    rateLimits: {
      loginPerIpPerMinute: 1000,
      loginFailuresPerAccount: 1000,
      loginFailureWindowMs: 60_000,
      forgottenPasswordPerIpPerMinute: 1000,
      ...overrides.rateLimits,
    },
  };
}

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
    for (const app of apps) await app.close();
    await database.close();
  });
  const buildTestApp = async (
    overrides: ConfigOverrides = {},
    options: Pick<BuildAppOptions, 'now' | 'logger' | 'plugins'> = {},
  ) => {
    const app = await buildApp({
      config: testConfig(overrides),
      database,
      logger: testLogger,
      mailSender: null,
      ...options,
    });
    apps.push(app);
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
  const [row] = await db
    .insert(customers)
    .values({
      reference: `T${id.toUpperCase()}`,
      email: `customer-${id}@test.example`,
      firstName: 'Test',
      lastName: 'Customer',
      passwordHash: await hashPassword(password),
      termsAcceptedAt: new Date(),
      ...values,
    })
    .returning();
  return { ...row!, password };
}

/** An activity with one session (defaults: £6.50, 45 minutes, 2-hour cut-off). */
export async function createSession(
  db: Db,
  input: {
    venueId: number;
    startsAt: Date;
    name?: string;
    price?: number;
    durationMinutes?: number;
    cancellationCutoffHours?: number;
    cancellationAwardsCredit?: boolean;
  },
) {
  const durationMinutes = input.durationMinutes ?? 45;
  const price = input.price ?? 650;
  const [activity] = await db
    .insert(activities)
    .values({
      venueId: input.venueId,
      name: input.name ?? 'Spin',
      category: 'Cycling',
      locationName: 'Studio 1',
      price,
      capacity: 20,
      durationMinutes,
      cancellationCutoffHours: input.cancellationCutoffHours ?? 2,
      cancellationAwardsCredit: input.cancellationAwardsCredit ?? true,
    })
    .returning();
  const [session] = await db
    .insert(activitySessions)
    .values({
      activityId: activity!.id,
      venueId: input.venueId,
      startsAt: input.startsAt,
      endsAt: new Date(input.startsAt.getTime() + durationMinutes * 60_000),
      capacity: 20,
      price,
      locationName: 'Studio 1',
    })
    .returning();
  return { activity: activity!, session: session! };
}

export async function createBooking(
  db: Db,
  input: {
    customerId: number;
    sessionId: number;
    price?: number;
    status?: 'booked' | 'attended' | 'no_show' | 'cancelled';
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
  return booking!;
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

export async function outbox(app: FastifyInstance, to?: string) {
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
