// Set-up shared by the staff front-desk tests (staff-desk-*.int.test.ts): the operator and its members, the staff
// who log in, and calls made as them.
import { Readable } from 'node:stream';
import { CSRF_COOKIE, CSRF_HEADER, STAFF_SESSION_COOKIE } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { runStaffCommand } from '../src/cli/staff-command.ts';
import type { Db } from '../src/db/client.ts';
import { auditLog, customers } from '../src/db/schema.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  createClient,
  createCustomer,
  createGuestPass,
  createGuestPassPackage,
  createMandate,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createVenue,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

const PASSWORD = 'Desk-Password-2026!';
// Tuesday 24 November 2026, 10:00 in London (GMT).
export const clock = new Date('2026-11-24T10:00:00Z');

/**
 * One test file's fresh database with the operator and members of `createDeskCustomers` (Jamie's photo in `storage`),
 * an app on it at `clock`, the staff of `addDeskStaff`, and the calls of `deskCalls` on that app. Call once per file.
 */
export async function staffDeskTestbed() {
  const t = await setupTestDatabase();
  const storage = new MemoryStorage();
  const customers = await createDeskCustomers(t.db, storage);
  const app = await t.buildTestApp({}, { now: () => clock, storage });
  await addDeskStaff(t.db);
  return { t, storage, app, ...customers, ...deskCalls(t.db, () => app) };
}

/**
 * The operator with its Leeds and York venues and a monthly membership, and its members Jamie Patel (Leeds) and
 * Robin Jamieson (York); Jamie's photo is put in `storage`.
 */
async function createDeskCustomers(db: Db, storage: MemoryStorage) {
  const client = await createClient(db);
  const leeds = await createVenue(db, { clientId: client.id, slug: 'leeds', name: 'Leeds Pool' });
  const york = await createVenue(db, { clientId: client.id, slug: 'york', name: 'York Gym' });
  const monthly = await createMembershipType(db, {
    clientId: client.id,
    slug: 'monthly',
    name: 'Gym Monthly',
  });
  const option = await createPaymentOption(db, {
    membershipTypeId: monthly.id,
    baseFee: 3500,
    joiningFee: 0,
  });

  // Jamie Patel: a Leeds member with a mandate in LS6, a photo, bookings, an order, credit, a fee, a waiver.
  const jamie = await createCustomer(db, {
    clientId: client.id,
    homeVenueId: leeds.id,
    firstName: 'Jamie',
    lastName: 'Patel',
    email: 'jamie.patel@example.test',
    reference: 'C-1001',
    phone: '07700 900123',
  });
  await createMandate(db, { customerId: jamie.id, billingPostcode: 'LS6 2AB' });
  const photoKey = `photos/${jamie.id}/face.jpg`;
  await storage.put(photoKey, Readable.from([Buffer.from('jpeg-bytes')]), 'image/jpeg');
  await db.update(customers).set({ profilePhotoPath: photoKey }).where(eq(customers.id, jamie.id));
  const membership = await createMembership(db, {
    customerId: jamie.id,
    membershipTypeId: monthly.id,
    paymentOptionId: option.id,
    homeVenueId: leeds.id,
    reference: 'M-1001',
    startDate: '2026-06-01',
  });
  const bundle = await createGuestPassPackage(db, { customerId: jamie.id });
  const sendPass = (overrides: Omit<Parameters<typeof createGuestPass>[1], 'customerPackageId'>) =>
    createGuestPass(db, { customerPackageId: bundle.id, ...overrides });
  // A York member: Robin Jamieson.
  const robin = await createCustomer(db, {
    clientId: client.id,
    homeVenueId: york.id,
    firstName: 'Robin',
    lastName: 'Jamieson',
    email: 'robin@example.test',
    reference: 'C-2002',
  });
  return { client, leeds, york, jamie, membership, sendPass, robin };
}

/** Adds, through the staff command, the administrator, the Leeds front desk and York's centre manager. */
async function addDeskStaff(db: Db) {
  const staff = (argv: string[]) => runStaffCommand(db, argv, () => {}, clock);
  const addStaff = async (email: string, name: string, role: string, venue?: string) =>
    expect(
      await staff([
        'add',
        '--email',
        email,
        '--name',
        name,
        '--role',
        role,
        ...(venue ? ['--venue', venue] : []),
        '--password',
        PASSWORD,
      ]),
    ).toBe(0);

  await addStaff('admin@example.test', 'Ada Admin', 'administrator');
  await addStaff('desk@example.test', 'Dev Desk', 'front_desk', 'leeds');
  await addStaff('york@example.test', 'Yan Manager', 'centre_manager', 'york');
}

export type StaffSession = { cookie: string; [CSRF_HEADER]: string };

/**
 * Calls to the app `app()` returns as the staff `addDeskStaff` adds (each logs in once per test file), and the audit
 * log's entries.
 */
function deskCalls(db: Db, app: () => FastifyInstance) {
  const sessions = new Map<string, StaffSession>();
  async function logIn(email: string): Promise<StaffSession> {
    const known = sessions.get(email);
    if (known) return known;
    const res = await app().inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)?.value;
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    const session = {
      cookie: `${CSRF_COOKIE}=${csrf}; ${STAFF_SESSION_COOKIE}=${token}`,
      [CSRF_HEADER]: csrf!,
    };
    sessions.set(email, session);
    return session;
  }
  const asAdmin = () => logIn('admin@example.test');
  const asDesk = () => logIn('desk@example.test');
  const asYork = () => logIn('york@example.test');

  async function call(
    who: StaffSession | { cookie: string; [CSRF_HEADER]: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) {
    return app().inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  }

  async function auditOf(action: string, entityId: number) {
    return db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  }

  return { asAdmin, asDesk, asYork, call, auditOf };
}
