import { CSRF_COOKIE, CSRF_HEADER, STAFF_SESSION_COOKIE, STAFF_TEXTS } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createStaffAccount } from '../src/services/staff/accounts.ts';
import { systemActor } from '../src/services/staff/audit.ts';
import { totpCode } from '../src/services/staff/totp.ts';
import { sessionFor, TEST_CSRF } from './helper.ts';
import { PASSWORD, staffTestbed } from './staff.fixtures.ts';

let clock = new Date('2026-11-24T10:00:00Z');
const { t, storage, app, leeds, studentMember, lines, staff, logIn } = await staffTestbed(() => clock);

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
