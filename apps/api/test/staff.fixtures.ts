// Set-up shared by the staff console tests (staff-sessions, staff-console-accounts, staff-approvals): the operator,
// the staff command, the staff who log in, and members with a Student membership.
import { CSRF_COOKIE, CSRF_HEADER, STAFF_SESSION_COOKIE } from '@fieldhouse/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { runStaffCommand } from '../src/cli/staff-command.ts';
import type { Db } from '../src/db/client.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  createClient,
  createCustomer,
  createFreezeType,
  createMembership,
  createStudentMembershipType,
  createVenue,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

export const PASSWORD = 'Desk-Password-2026!';

/**
 * One test file's fresh database with the operator of `createStaffTestData`, the staff command at the time `clock()`
 * gives, an app on it at that time (with `storage`), the staff of `addStaffAccounts`, and `logIn` on that app. Call
 * once per file.
 */
export async function staffTestbed(clock: () => Date) {
  const t = await setupTestDatabase();
  const storage = new MemoryStorage();
  const data = await createStaffTestData(t.db);
  const { lines, staff } = staffCommand(t.db, clock);
  const app = await t.buildTestApp({}, { now: clock, storage });
  await addStaffAccounts(staff);
  return { t, storage, app, ...data, lines, staff, logIn: staffLogIn(() => app) };
}

/**
 * The operator with its Leeds and York venues, a Student membership type (proved with a student ID card) and a
 * medical freeze; `studentMember` makes a customer with that membership.
 */
async function createStaffTestData(db: Db) {
  const client = await createClient(db);
  const leeds = await createVenue(db, { clientId: client.id, slug: 'leeds', name: 'Leeds Pool' });
  const york = await createVenue(db, { clientId: client.id, slug: 'york', name: 'York Gym' });
  const {
    criterion: student,
    card,
    type: studentType,
    option,
  } = await createStudentMembershipType(db, { clientId: client.id });
  const medical = await createFreezeType(db, { clientId: client.id, reason: 'Medical', timePeriods: [1, 2] });

  async function studentMember(venueId: number, email: string) {
    const customer = await createCustomer(db, { clientId: client.id, homeVenueId: venueId, email });
    const membership = await createMembership(db, {
      customerId: customer.id,
      membershipTypeId: studentType.id,
      paymentOptionId: option.id,
      homeVenueId: venueId,
      reference: `M-S${customer.id}`,
      startDate: '2026-06-01',
      nextPaymentDate: '2026-12-01',
      price: 2200,
    });
    return { customer, membership };
  }

  return { leeds, york, student, card, medical, studentMember };
}

/** The staff command run at the time `clock()` gives; what it prints is collected in `lines`. */
function staffCommand(db: Db, clock: () => Date) {
  const lines: string[] = [];
  const staff = (argv: string[]) => runStaffCommand(db, argv, (line) => lines.push(line), clock());
  return { lines, staff };
}

/** Adds, through the staff command, the administrator, the Leeds front desk and the York and Leeds centre managers. */
async function addStaffAccounts(staff: (argv: string[]) => Promise<number>) {
  expect(
    await staff([
      'add',
      '--email',
      'admin@example.test',
      '--name',
      'Ada Admin',
      '--role',
      'administrator',
      '--password',
      PASSWORD,
    ]),
  ).toBe(0);
  expect(
    await staff([
      'add',
      '--email',
      'desk@example.test',
      '--name',
      'Dev Desk',
      '--role',
      'front_desk',
      '--venue',
      'leeds',
      '--password',
      PASSWORD,
    ]),
  ).toBe(0);
  expect(
    await staff([
      'add',
      '--email',
      'york@example.test',
      '--name',
      'Yan Manager',
      '--role',
      'centre_manager',
      '--venue',
      'york',
      '--password',
      PASSWORD,
    ]),
  ).toBe(0);
  expect(
    await staff([
      'add',
      '--email',
      'leeds@example.test',
      '--name',
      'Lee Manager',
      '--role',
      'centre_manager',
      '--venue',
      'leeds',
      '--password',
      PASSWORD,
    ]),
  ).toBe(0);
}

type StaffSession = { cookie: string; [CSRF_HEADER]: string };

/** Logs a staff member in on the app `app()` returns, checking the session cookie is HTTP-only. */
function staffLogIn(app: () => FastifyInstance) {
  return async function logIn(email: string, extra: Record<string, string> = {}): Promise<StaffSession> {
    const res = await app().inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email, password: PASSWORD, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)?.value;
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE)?.value;
    expect(token, res.body).toBeTruthy();
    const cookie = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    return { cookie: `${CSRF_COOKIE}=${csrf}; ${STAFF_SESSION_COOKIE}=${token}`, [CSRF_HEADER]: csrf! };
  };
}
