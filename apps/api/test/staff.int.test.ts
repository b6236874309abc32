import { CSRF_COOKIE, CSRF_HEADER, STAFF_SESSION_COOKIE, STAFF_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/cli/staff-command.ts';
import {
  auditLog,
  eligibilityDocuments,
  freezeRequests,
  memberships,
  staffAccounts,
} from '../src/db/schema.ts';
import { findAccountMemberships } from '../src/services/memberships/account-memberships.ts';
import { findStatusInfo } from '../src/services/memberships/status-info.ts';
import { createStaffAccount } from '../src/services/staff/accounts.ts';
import { systemActor } from '../src/services/staff/audit.ts';
import { totpCode } from '../src/services/staff/totp.ts';
import { MemoryStorage } from '../src/services/storage/local-disk-storage.ts';
import {
  createClient,
  createCustomer,
  createEligibilityCriterion,
  createFreezeType,
  createMembership,
  createMembershipType,
  createPaymentOption,
  createVenue,
  outbox,
  sessionFor,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

const PASSWORD = 'Desk-Password-2026!';
let clock = new Date('2026-11-24T10:00:00Z');
const t = await setupTestDatabase();
const storage = new MemoryStorage();
let app: FastifyInstance;

const client = await createClient(t.db);
const leeds = await createVenue(t.db, { clientId: client.id, slug: 'leeds', name: 'Leeds Pool' });
const york = await createVenue(t.db, { clientId: client.id, slug: 'york', name: 'York Gym' });
const {
  criterion: student,
  documentTypes: [card],
} = await createEligibilityCriterion(t.db, {
  clientId: client.id,
  name: 'Student',
  documentTypes: ['Student ID card'],
});
const studentType = await createMembershipType(t.db, {
  clientId: client.id,
  slug: 'student',
  name: 'Student',
  eligibilityCriterionId: student.id,
});
const option = await createPaymentOption(t.db, {
  membershipTypeId: studentType.id,
  baseFee: 2200,
  joiningFee: 0,
});
const medical = await createFreezeType(t.db, { clientId: client.id, reason: 'Medical', timePeriods: [1, 2] });

const lines: string[] = [];
const staff = (argv: string[]) => runStaffCommand(t.db, argv, (line) => lines.push(line), clock);

beforeAll(async () => {
  app = await t.buildTestApp({}, { now: () => clock, storage });
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
});

type StaffSession = { cookie: string; [CSRF_HEADER]: string };
async function logIn(email: string, extra: Record<string, string> = {}): Promise<StaffSession> {
  const res = await app.inject({
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
}

async function studentMember(venueId: number, email: string) {
  const customer = await createCustomer(t.db, { clientId: client.id, homeVenueId: venueId, email });
  const membership = await createMembership(t.db, {
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

describe('staff accounts and sessions', () => {
  it('the command makes accounts with strong passwords only, and audits them', async () => {
    lines.length = 0;
    expect(
      await staff([
        'add',
        '--email',
        'weak@example.test',
        '--name',
        'W',
        '--role',
        'front_desk',
        '--venue',
        'leeds',
        '--password',
        'Short1!',
      ]),
    ).toBe(2);
    expect(lines.join('\n')).toContain('at least 12 characters');
    expect(
      await staff([
        'add',
        '--email',
        'nobody@example.test',
        '--name',
        'N',
        '--role',
        'front_desk',
        '--password',
        PASSWORD,
      ]),
    ).toBe(2);
    expect(lines.join('\n')).toContain('Choose at least one venue');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff_account.create'));
    expect(entries.map((e) => e.actor)).toContain('npm run staff');
    expect(
      entries.find((e) => (e.after as { email: string }).email === 'desk@example.test')?.after,
    ).toMatchObject({
      role: 'front_desk',
      venues: ['leeds'],
    });
  });

  it('logs in with email and password; a wrong password or unknown email is refused alike', async () => {
    const session = await logIn('DESK@example.test');
    const me = await app.inject({ method: 'GET', url: '/api/staff/me', headers: session });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: 'desk@example.test',
      role: 'front_desk',
      venues: [{ slug: 'leeds' }],
    });
    for (const payload of [
      { email: 'desk@example.test', password: 'Wrong-Password-1!' },
      { email: 'nobody@example.test', password: PASSWORD },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/staff/auth/login',
        headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(STAFF_TEXTS.invalidCredentials);
    }
  });

  it("the staff cookie stays on the console's host even where member cookies span the sub-domains", async () => {
    const spanning = await t.buildTestApp(
      { cookieDomain: '.leisure.example' },
      { now: () => clock, storage },
    );
    const res = await spanning.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email: 'desk@example.test', password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const staffCookie = res.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)!;
    expect(staffCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(staffCookie.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === CSRF_COOKIE)?.domain).toBe('.leisure.example');
  });

  it('a customer session is not a staff session, and staff calls need the CSRF token', async () => {
    const { customer } = await studentMember(leeds.id, 'cust@example.test');
    const asCustomer = await sessionFor(t.db, customer.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/me', headers: asCustomer.headers })).statusCode,
    ).toBe(401);
    const session = await logIn('admin@example.test');
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/staff/approvals/freeze_request/1/decision',
      headers: { cookie: session.cookie },
      payload: { decision: 'approve' },
    });
    expect(noToken.statusCode).toBe(419);
  });

  it('a session ends after 30 minutes without a call, and on logout', async () => {
    const session = await logIn('desk@example.test');
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: session })).statusCode).toBe(
      200,
    );
    clock = new Date(clock.getTime() + 29 * 60_000); // 58 minutes after login, 29 after the last call
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: session })).statusCode).toBe(
      200,
    );
    clock = new Date(clock.getTime() + 31 * 60_000);
    const idle = await app.inject({ method: 'GET', url: '/api/staff/me', headers: session });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(STAFF_TEXTS.sessionExpired);
    const again = await logIn('desk@example.test');
    await app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: again });
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: again })).statusCode).toBe(401);
  });

  it('an account with a second factor needs its current code, and each code works once', async () => {
    lines.length = 0;
    expect(await staff(['totp', '--email', 'leeds@example.test'])).toBe(0);
    const uri = lines.find((l) => l.startsWith('otpauth://'))!;
    const secret = new URL(uri).searchParams.get('secret')!;
    const headers = { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF };
    const first = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers,
      payload: { email: 'leeds@example.test', password: PASSWORD },
    });
    expect(first.json().data).toEqual({ staff: null, code_required: true });
    expect(first.cookies.find((c) => c.name === STAFF_SESSION_COOKIE)).toBeUndefined();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers,
      payload: {
        email: 'leeds@example.test',
        password: PASSWORD,
        code: '000000' === totpCode(secret, clock) ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(STAFF_TEXTS.invalidCode);
    const code = totpCode(secret, clock);
    await logIn('leeds@example.test', { code });
    const replay = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers,
      payload: { email: 'leeds@example.test', password: PASSWORD, code },
    });
    expect(replay.statusCode).toBe(422);
  });

  it('a staff member changes their own password: the current one is checked, other sessions end, it is audited', async () => {
    await createStaffAccount(
      t.db,
      {
        email: 'changer@example.test',
        name: 'Cam Changer',
        role: 'front_desk',
        venueIds: [leeds.id],
        password: PASSWORD,
      },
      systemActor('test'),
      clock,
    );
    const here = await logIn('changer@example.test');
    const elsewhere = await logIn('changer@example.test');
    const change = (payload: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/staff/me/password', headers: here, payload });
    const NEW = 'An0ther-Long-Pass!';

    const wrong = await change({
      current_password: 'Not-My-Password-1!',
      password: NEW,
      repeat_password: NEW,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([STAFF_TEXTS.currentPasswordWrong]);
    const weak = await change({ current_password: PASSWORD, password: 'short', repeat_password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([STAFF_TEXTS.passwordRule]);
    const differ = await change({ current_password: PASSWORD, password: NEW, repeat_password: `${NEW}x` });
    expect(differ.json().errors.repeat_password).toEqual([STAFF_TEXTS.passwordsDiffer]);
    const same = await change({ current_password: PASSWORD, password: PASSWORD, repeat_password: PASSWORD });
    expect(same.json().errors.password).toEqual([STAFF_TEXTS.passwordUnchanged]);
    // Nothing changed so far: both sessions still work.
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: elsewhere })).statusCode).toBe(
      200,
    );

    const changed = await change({ current_password: PASSWORD, password: NEW, repeat_password: NEW });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ changed: true, other_sessions_ended: 1 });
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: here })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: elsewhere })).statusCode).toBe(
      401,
    );
    // The old password no longer logs in; the new one does.
    const old = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email: 'changer@example.test', password: PASSWORD },
    });
    expect(old.statusCode).toBe(422);
    await logIn('changer@example.test', { password: NEW });
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.password_change'));
    expect(audited).toMatchObject({ actor: 'Cam Changer', after: { other_sessions_ended: 1 } });
    expect(JSON.stringify(audited)).not.toContain(NEW);
    // No session, no change.
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/staff/me/password',
          headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
          payload: { current_password: NEW, password: PASSWORD, repeat_password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a disabled account cannot log in and its sessions end', async () => {
    await staff([
      'add',
      '--email',
      'gone@example.test',
      '--name',
      'Gone',
      '--role',
      'front_desk',
      '--venue',
      'leeds',
      '--password',
      PASSWORD,
    ]);
    const session = await logIn('gone@example.test');
    expect(await staff(['disable', '--email', 'gone@example.test'])).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: session })).statusCode).toBe(
      401,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email: 'gone@example.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('administrators disable and enable staff accounts in the console', () => {
  it('a disabled account is logged out and refused; enabled, it logs in again; nobody disables themselves', async () => {
    const made = await createStaffAccount(
      t.db,
      {
        email: 'paused@example.test',
        name: 'Pat Paused',
        role: 'front_desk',
        venueIds: [leeds.id],
        password: PASSWORD,
      },
      systemActor('test'),
      clock,
    );
    const theirs = await logIn('paused@example.test');
    const admin = await logIn('admin@example.test');
    const setDisabled = (id: number, disabled: boolean, headers = admin) =>
      app.inject({ method: 'PUT', url: `/api/staff/accounts/${id}/status`, headers, payload: { disabled } });

    // Front desk may not; an unknown account is 404.
    expect((await setDisabled(made.id, true, theirs)).statusCode).toBe(403);
    expect((await setDisabled(2_000_000, true)).statusCode).toBe(404);

    const disabled = await setDisabled(made.id, true);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ email: 'paused@example.test', disabled: true });
    expect((await app.inject({ method: 'GET', url: '/api/staff/me', headers: theirs })).statusCode).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
      payload: { email: 'paused@example.test', password: PASSWORD },
    });
    expect(refused.statusCode).toBe(422);

    const enabled = await setDisabled(made.id, false);
    expect(enabled.json().data.disabled).toBe(false);
    await logIn('paused@example.test');
    const audited = await t.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff_account'), eq(auditLog.entityId, String(made.id))))
      .orderBy(auditLog.id);
    expect(audited.filter((a) => a.action !== 'staff.login' && a.action !== 'staff_account.create')).toEqual([
      { action: 'staff_account.disable', before: { disabled: false }, after: { disabled: true } },
      { action: 'staff_account.enable', before: { disabled: true }, after: { disabled: false } },
    ]);

    const me = (await app.inject({ method: 'GET', url: '/api/staff/me', headers: admin })).json().data;
    const self = await setDisabled(me.id, true);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.disabled).toEqual([STAFF_TEXTS.cannotDisableSelf]);
  });
});

describe('roles are checked on the server', () => {
  it("front desk is refused the administrator's and the approvals calls; an administrator is not", async () => {
    const desk = await logIn('desk@example.test');
    for (const [method, url] of [
      ['GET', '/api/staff/accounts'],
      ['GET', '/api/staff/audit'],
      ['GET', '/api/staff/venues'],
      ['GET', '/api/staff/approvals'],
      ['POST', '/api/staff/accounts'],
      ['POST', '/api/staff/approvals/freeze_request/1/decision'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: desk,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(STAFF_TEXTS.forbidden);
    }
    const admin = await logIn('admin@example.test');
    expect((await app.inject({ method: 'GET', url: '/api/staff/accounts', headers: admin })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: admin })).statusCode,
    ).toBe(200);
  });

  it('an administrator creates a staff account in the console; the audit log shows who did it', async () => {
    const admin = await logIn('admin@example.test');
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: admin,
      payload: {
        email: 'new@example.test',
        name: 'Nia New',
        role: 'front_desk',
        venue_ids: [york.id],
        password: PASSWORD,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const dup = await app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: admin,
      payload: {
        email: 'NEW@example.test',
        name: 'Nia Again',
        role: 'front_desk',
        venue_ids: [york.id],
        password: PASSWORD,
      },
    });
    expect(dup.statusCode).toBe(422);
    const audit = await app.inject({ method: 'GET', url: '/api/staff/audit', headers: admin });
    const entry = audit
      .json()
      .data.entries.find((e: { action: string }) => e.action === 'staff_account.create');
    expect(entry).toMatchObject({ actor: 'Ada Admin', staff: { email: 'admin@example.test' }, before: null });
    expect(entry.after).toMatchObject({ email: 'new@example.test', venues: ['york'] });
  });
});

describe('the approvals queue', () => {
  it('a centre manager sees only their venues; approving a freeze sets it pending until its first day, mails and audits', async () => {
    const { customer, membership } = await studentMember(leeds.id, 'freezer@example.test');
    const [request] = await t.db
      .insert(freezeRequests)
      .values({
        customerId: customer.id,
        membershipId: membership.id,
        freezeTypeId: medical.id,
        activeFrom: '2026-12-01',
        months: 2,
      })
      .returning();
    const york = await logIn('york@example.test');
    const yorkList = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: york });
    expect(yorkList.json().data.map((i: { id: number }) => i.id)).not.toContain(request!.id);
    const notHers = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: york,
      payload: { decision: 'approve' },
    });
    expect(notHers.statusCode).toBe(404);

    const admin = await logIn('admin@example.test');
    const list = await app.inject({ method: 'GET', url: '/api/staff/approvals', headers: admin });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        kind: 'freeze_request',
        id: request!.id,
        summary: 'Medical, 2 months from 1 December 2026',
        customer: expect.objectContaining({ email: 'freezer@example.test' }),
        membership: expect.objectContaining({ name: 'Student', venue: 'Leeds Pool' }),
        file: null,
      }),
    );
    const approve = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const [after] = await t.db.select().from(memberships).where(eq(memberships.id, membership.id));
    expect(after).toMatchObject({ status: 'active' });
    expect((await findStatusInfo(t.db, [after!])).get(after!.id)).toBe('freeze pending');
    // Approved but not started: still pending for the member, who cannot ask for another freeze meanwhile.
    const [listed] = await findAccountMemberships(t.db, {
      customerId: customer.id,
      now: clock,
      timeZone: 'Europe/London',
      membershipIds: [membership.id],
    });
    expect(listed).toMatchObject({ freeze_pending: true, freezable: false });
    const [decided] = await t.db.select().from(freezeRequests).where(eq(freezeRequests.id, request!.id));
    expect(decided).toMatchObject({ status: 'approved', decidedAt: clock });
    const mail = await outbox(app, 'freezer@example.test');
    expect(mail[0]).toMatchObject({ subject: 'Your freeze request for Student was approved' });
    expect(mail[0]!.text).toContain('frozen from 1 December 2026 to 31 January 2027');
    const twice = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/freeze_request/${request!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject', reason: 'Changed my mind' },
    });
    expect(twice.statusCode).toBe(409);
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'freeze_request.approve'));
    expect(audited).toMatchObject({ entityId: String(request!.id), actor: 'Ada Admin' });
    expect(audited!.before).toMatchObject({ status: 'pending_approval' });
  });

  it('rejecting a document needs a reason; the member then reads it in the spec words, and only staff open the file', async () => {
    const { customer, membership } = await studentMember(leeds.id, 'scholar@example.test');
    await storage.put(
      'eligibility/scholar-card.pdf',
      (await import('node:stream')).Readable.from([Buffer.from('%PDF-1.4 card')]),
      'application/pdf',
    );
    const [document] = await t.db
      .insert(eligibilityDocuments)
      .values({
        customerId: customer.id,
        membershipId: membership.id,
        criterionId: student.id,
        documentTypeId: card!.id,
        storageKey: 'eligibility/scholar-card.pdf',
        originalName: 'card.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 13,
      })
      .returning();
    const admin = await logIn('admin@example.test');
    const file = await app.inject({
      method: 'GET',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/file`,
      headers: admin,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 card');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const asMember = await sessionFor(t.db, customer.id);
    const memberTry = await app.inject({
      method: 'GET',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/file`,
      headers: asMember.headers,
    });
    expect(memberTry.statusCode).toBe(401);

    const noReason = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([STAFF_TEXTS.reasonRequired]);
    const reject = await app.inject({
      method: 'POST',
      url: `/api/staff/approvals/eligibility_document/${document!.id}/decision`,
      headers: admin,
      payload: { decision: 'reject', reason: 'The photo is blurred' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(eligibilityDocuments)
      .where(eq(eligibilityDocuments.id, document!.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'The photo is blurred' });
    const mine = await app.inject({
      method: 'GET',
      url: '/api/user/memberships',
      headers: asMember.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('The photo is blurred');
    const mail = await outbox(app, 'scholar@example.test');
    expect(mail[0]!.text).toContain(
      'Latest document upload was rejected: The photo is blurred. Please try upload again',
    );
    const [staffRow] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'admin@example.test'));
    expect(row!.decidedByStaffId).toBe(staffRow!.id);
  });
});
