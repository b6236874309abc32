// Staff accounts changed in the console (issue 36, item 8; decision 072): role and venues, a password reset by a
// mailed link, the authenticator app set up and removed; refused where an operator expects it; audited.
import { CSRF_COOKIE, CSRF_HEADER, STAFF_TEXTS } from '@fieldhouse/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../src/db/schema.ts';
import {
  createStaffAccount,
  StaffAccountError,
  setStaffAccountDisabled,
  updateStaffAccount,
} from '../src/services/staff/accounts.ts';
import { systemActor } from '../src/services/staff/audit.ts';
import { totpCode } from '../src/services/staff/totp.ts';
import { createClient, createVenue, outbox, TEST_CSRF } from './helper.ts';
import { PASSWORD, staffTestbed } from './staff.fixtures.ts';

let clock = new Date('2026-11-24T10:00:00Z');
const { t, app, leeds, york, lines, staff, logIn } = await staffTestbed(() => clock);
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

type Headers = Awaited<ReturnType<typeof logIn>>;
const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers, payload });
const anonymous = (url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, [CSRF_HEADER]: TEST_CSRF },
    payload,
  });
const tryLogIn = (email: string, password = PASSWORD, code?: string) =>
  anonymous('/api/staff/auth/login', { email, password, ...(code ? { code } : {}) });

async function account(
  email: string,
  role: 'front_desk' | 'centre_manager' | 'administrator',
  venueIds: number[],
) {
  return createStaffAccount(
    t.db,
    { email, name: email.split('@')[0]!, role, venueIds, password: PASSWORD },
    systemActor('test'),
    clock,
  );
}

async function auditOf(id: number, actions: string[]) {
  return t.db
    .select({
      actor: auditLog.actor,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'staff_account'),
        eq(auditLog.entityId, String(id)),
        inArray(auditLog.action, actions),
      ),
    )
    .orderBy(auditLog.id);
}

describe('an administrator changes a staff account’s role and venues', () => {
  it('takes effect on the next call and is audited with before and after', async () => {
    const made = await account('mover@example.test', 'front_desk', [leeds.id]);
    const theirs = await logIn('mover@example.test');
    const admin = await logIn('admin@example.test');
    expect((await call(theirs, 'GET', '/api/staff/approvals')).statusCode).toBe(403);

    const changed = await call(admin, 'PUT', `/api/staff/accounts/${made.id}`, {
      role: 'centre_manager',
      venue_ids: [york.id, leeds.id, york.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      role: 'centre_manager',
      venues: [{ slug: 'leeds' }, { slug: 'york' }],
    });
    // The same session, now a centre manager at both venues.
    expect((await call(theirs, 'GET', '/api/staff/approvals')).statusCode).toBe(200);
    expect((await call(theirs, 'GET', '/api/staff/me')).json().data.venues).toHaveLength(2);

    // Made an administrator (their venue list goes: they work everywhere), then front desk at York alone.
    const promoted = await call(admin, 'PUT', `/api/staff/accounts/${made.id}`, {
      role: 'administrator',
      venue_ids: [leeds.id],
    });
    expect(promoted.json().data.role).toBe('administrator');
    expect((await call(theirs, 'GET', '/api/staff/accounts')).statusCode).toBe(200);
    await call(admin, 'PUT', `/api/staff/accounts/${made.id}`, { role: 'front_desk', venue_ids: [york.id] });
    expect((await call(theirs, 'GET', '/api/staff/accounts')).statusCode).toBe(403);

    // Saving what is already there writes no audit entry.
    await call(admin, 'PUT', `/api/staff/accounts/${made.id}`, { role: 'front_desk', venue_ids: [york.id] });
    expect(await auditOf(made.id, ['staff_account.update'])).toEqual([
      {
        actor: 'Ada Admin',
        action: 'staff_account.update',
        before: { role: 'front_desk', venues: ['leeds'] },
        after: { role: 'centre_manager', venues: ['leeds', 'york'] },
      },
      {
        actor: 'Ada Admin',
        action: 'staff_account.update',
        before: { role: 'centre_manager', venues: ['leeds', 'york'] },
        after: { role: 'administrator', venues: [] },
      },
      {
        actor: 'Ada Admin',
        action: 'staff_account.update',
        before: { role: 'administrator', venues: [] },
        after: { role: 'front_desk', venues: ['york'] },
      },
    ]);
  });

  it('refuses one’s own role, a role without venues, and venues that are not the operator’s', async () => {
    const made = await account('refused@example.test', 'front_desk', [leeds.id]);
    const admin = await logIn('admin@example.test');
    const me = (await call(admin, 'GET', '/api/staff/me')).json().data;
    const update = (id: number, body: object) => call(admin, 'PUT', `/api/staff/accounts/${id}`, body);
    const refusal = async (id: number, body: object) => {
      const res = await update(id, body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };

    expect(await refusal(me.id, { role: 'centre_manager', venue_ids: [leeds.id] })).toEqual({
      role: [STAFF_TEXTS.cannotChangeOwnRole],
    });
    expect(await refusal(made.id, { role: 'front_desk', venue_ids: [] })).toEqual({
      venue_ids: [STAFF_TEXTS.venuesRequired],
    });
    expect(await refusal(made.id, { role: 'centre_manager', venue_ids: [] })).toEqual({
      venue_ids: [STAFF_TEXTS.venuesRequired],
    });
    const elsewhere = await createVenue(t.db, { clientId: (await createClient(t.db)).id, slug: 'other' });
    const archived = await createVenue(t.db, {
      clientId: leeds.clientId,
      slug: 'closed',
      archivedAt: clock,
    });
    for (const venueId of [2_000_000, elsewhere.id, archived.id])
      expect(await refusal(made.id, { role: 'front_desk', venue_ids: [leeds.id, venueId] })).toEqual({
        venue_ids: [STAFF_TEXTS.unknownVenue],
      });
    // A new account is held to the same venues; the venue list offers only the operator's live ones.
    const created = await call(admin, 'POST', '/api/staff/accounts', {
      email: 'elsewhere@example.test',
      name: 'Els Where',
      role: 'front_desk',
      venue_ids: [elsewhere.id],
      password: PASSWORD,
    });
    expect(created.json().errors).toEqual({ venue_ids: [STAFF_TEXTS.unknownVenue] });
    const offered = (await call(admin, 'GET', '/api/staff/venues'))
      .json()
      .data.map((v: { id: number }) => v.id);
    expect(offered.sort()).toEqual([leeds.id, york.id].sort());
    // Nothing changed: still front desk at Leeds, and unknown accounts are 404.
    expect((await call(admin, 'GET', '/api/staff/accounts')).json().data).toContainEqual(
      expect.objectContaining({
        id: made.id,
        role: 'front_desk',
        venues: [expect.objectContaining({ slug: 'leeds' })],
      }),
    );
    expect((await update(2_000_000, { role: 'front_desk', venue_ids: [leeds.id] })).statusCode).toBe(404);
    expect(await auditOf(made.id, ['staff_account.update'])).toEqual([]);
  });

  it('refuses front desk and centre managers every call of this (403), as the rest of the console does', async () => {
    const target = await account('target@example.test', 'front_desk', [leeds.id]);
    for (const email of ['desk@example.test', 'leeds@example.test']) {
      const session = await logIn(email);
      for (const [method, url, payload] of [
        ['PUT', `/api/staff/accounts/${target.id}`, { role: 'administrator', venue_ids: [] }],
        ['POST', `/api/staff/accounts/${target.id}/password-reset`, undefined],
        ['POST', `/api/staff/accounts/${target.id}/totp`, undefined],
        ['PUT', `/api/staff/accounts/${target.id}/totp`, { code: '123456' }],
        ['DELETE', `/api/staff/accounts/${target.id}/totp`, undefined],
      ] as const) {
        const res = await call(session, method, url, payload);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(STAFF_TEXTS.forbidden);
      }
    }
    const [row] = await t.db.select().from(staffAccounts).where(eq(staffAccounts.id, target.id));
    expect(row).toMatchObject({ role: 'front_desk', totpSecret: null, totpPendingSecret: null });
    expect(await outbox(app, 'target@example.test')).toEqual([]);
  });
});

describe('a password reset mailed by an administrator', () => {
  const tokenFrom = (text: string) => /\/admin\/password-reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('ends the account’s sessions; the link sets a password by the staff rules, once', async () => {
    const made = await account('forgot@example.test', 'front_desk', [leeds.id]);
    const theirs = await logIn('forgot@example.test');
    const admin = await logIn('admin@example.test');

    const sent = await call(admin, 'POST', `/api/staff/accounts/${made.id}/password-reset`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({
      sent_to: 'forgot@example.test',
      expires_at: '2026-11-25T10:00:00.000Z',
      sessions_ended: 1,
    });
    expect((await call(theirs, 'GET', '/api/staff/me')).statusCode).toBe(401);
    const [mail] = await outbox(app, 'forgot@example.test');
    expect(mail!.subject).toBe('Set a new password for the Test Leisure staff console');
    expect(mail!.text).toContain('Ada Admin has asked for your staff console password to be reset');
    const token = tokenFrom(mail!.text);
    expect(mail!.html).toContain(`/admin/password-reset/${token}`);

    // Until a new password is set the current one still logs in (a mistaken reset locks nobody out)...
    const meanwhile = await logIn('forgot@example.test');
    const checked = await anonymous('/api/staff/auth/password-link', { token });
    expect(checked.json().data).toEqual({ email: 'forgot@example.test', name: 'forgot' });

    // ...then the staff password rule, the same as everywhere else.
    const weak = await anonymous('/api/staff/auth/password-reset', {
      token,
      password: 'weakpassword',
      repeat_password: 'weakpassword',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([STAFF_TEXTS.passwordRule]);
    const differ = await anonymous('/api/staff/auth/password-reset', {
      token,
      password: 'New-Desk-Pass-2026!',
      repeat_password: 'New-Desk-Pass-2027!',
    });
    expect(differ.json().errors.repeat_password).toEqual([STAFF_TEXTS.passwordsDiffer]);

    const NEW = 'New-Desk-Pass-2026!';
    const done = await anonymous('/api/staff/auth/password-reset', {
      token,
      password: NEW,
      repeat_password: NEW,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Every session ends (the one made meanwhile too); the old password no longer logs in, the new one does.
    expect((await call(meanwhile, 'GET', '/api/staff/me')).statusCode).toBe(401);
    expect((await tryLogIn('forgot@example.test')).statusCode).toBe(422);
    expect((await tryLogIn('forgot@example.test', NEW)).statusCode).toBe(200);
    // Used once.
    const again = await anonymous('/api/staff/auth/password-reset', {
      token,
      password: 'Another-Pass-2026!',
      repeat_password: 'Another-Pass-2026!',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(STAFF_TEXTS.passwordLinkInvalid);
    expect((await anonymous('/api/staff/auth/password-link', { token })).statusCode).toBe(403);

    expect(await auditOf(made.id, ['staff_account.password_reset_sent', 'staff.password_reset'])).toEqual([
      {
        actor: 'Ada Admin',
        action: 'staff_account.password_reset_sent',
        before: null,
        after: { sent_to: 'forgot@example.test', expires_at: '2026-11-25T10:00:00.000Z', sessions_ended: 1 },
      },
      { actor: 'forgot', action: 'staff.password_reset', before: null, after: { sessions_ended: 1 } },
    ]);
  });

  it('expires after 24 hours; a newer link ends the older; nobody resets their own this way', async () => {
    const made = await account('late@example.test', 'front_desk', [leeds.id]);
    const admin = await logIn('admin@example.test');
    const send = async () => {
      expect((await call(admin, 'POST', `/api/staff/accounts/${made.id}/password-reset`)).statusCode).toBe(
        200,
      );
      const mails = await outbox(app, 'late@example.test');
      return tokenFrom(mails[0]!.text); // newest first
    };
    const reset = (token: string) =>
      anonymous('/api/staff/auth/password-reset', {
        token,
        password: 'Late-Password-2026!',
        repeat_password: 'Late-Password-2026!',
      });

    const first = await send();
    const second = await send();
    expect((await reset(first)).statusCode).toBe(403);
    later(24 * 3_600_000 - 60_000);
    expect((await anonymous('/api/staff/auth/password-link', { token: second })).statusCode).toBe(200);
    later(2 * 60_000);
    const admin2 = await logIn('admin@example.test');
    expect((await anonymous('/api/staff/auth/password-link', { token: second })).statusCode).toBe(403);
    expect((await reset(second)).statusCode).toBe(403);
    expect((await tryLogIn('late@example.test')).statusCode).toBe(200);

    const me = (await call(admin2, 'GET', '/api/staff/me')).json().data;
    const own = await call(admin2, 'POST', `/api/staff/accounts/${me.id}/password-reset`);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(STAFF_TEXTS.cannotResetOwnPassword);
    expect((await call(admin2, 'POST', '/api/staff/accounts/2000000/password-reset')).statusCode).toBe(404);
  });
});

describe('the authenticator app set up from the console', () => {
  it('an administrator sets it up with a first code, then login asks for one; reset, it no longer does', async () => {
    const made = await account('second@example.test', 'front_desk', [leeds.id]);
    const admin = await logIn('admin@example.test');
    const started = await call(admin, 'POST', `/api/staff/accounts/${made.id}/totp`);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauth_uri: uri } = started.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Fieldhouse:second%40example\.test\?/);
    expect(uri).toContain(`secret=${secret}`);
    // Waiting for its first code, it changes nothing.
    expect((await tryLogIn('second@example.test')).json().data.code_required).toBe(false);

    const wrong = await call(admin, 'PUT', `/api/staff/accounts/${made.id}/totp`, {
      code: totpCode(secret, new Date(clock.getTime() - 5 * 60_000)),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([STAFF_TEXTS.invalidCode]);
    const code = totpCode(secret, clock);
    const confirmed = await call(admin, 'PUT', `/api/staff/accounts/${made.id}/totp`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.totp_enabled).toBe(true);

    const asked = await tryLogIn('second@example.test');
    expect(asked.json().data).toEqual({ staff: null, code_required: true });
    // The confirming code is spent; the next one logs in.
    expect((await tryLogIn('second@example.test', PASSWORD, code)).statusCode).toBe(422);
    later(30_000);
    await logIn('second@example.test', { code: totpCode(secret, clock) });

    const reset = await call(admin, 'DELETE', `/api/staff/accounts/${made.id}/totp`);
    expect(reset.json().data.totp_enabled).toBe(false);
    expect((await tryLogIn('second@example.test')).json().data.code_required).toBe(false);
    expect(await auditOf(made.id, ['staff_account.totp_setup', 'staff_account.totp_reset'])).toEqual([
      {
        actor: 'Ada Admin',
        action: 'staff_account.totp_setup',
        before: { totp_enabled: false },
        after: { totp_enabled: true },
      },
      {
        actor: 'Ada Admin',
        action: 'staff_account.totp_reset',
        before: { totp_enabled: true },
        after: { totp_enabled: false },
      },
    ]);
  });

  it('a staff member sets up their own; a new one replaces the old only once confirmed; a set-up expires', async () => {
    const made = await account('own@example.test', 'front_desk', [leeds.id]);
    const session = await logIn('own@example.test');
    const first = (await call(session, 'POST', '/api/staff/me/totp')).json().data.secret as string;
    const confirmed = await call(session, 'PUT', '/api/staff/me/totp', { code: totpCode(first, clock) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ email: 'own@example.test', totp_enabled: true });

    // A new phone: the old app works until the new one's first code is given.
    later(30_000);
    const second = (await call(session, 'POST', '/api/staff/me/totp')).json().data.secret as string;
    expect(second).not.toBe(first);
    await logIn('own@example.test', { code: totpCode(first, clock) });
    later(16 * 60_000);
    const expired = await call(session, 'PUT', '/api/staff/me/totp', { code: totpCode(second, clock) });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual([STAFF_TEXTS.totpSetupExpired]);
    const third = (await call(session, 'POST', '/api/staff/me/totp')).json().data.secret as string;
    expect(
      (await call(session, 'PUT', '/api/staff/me/totp', { code: totpCode(third, clock) })).statusCode,
    ).toBe(200);
    later(30_000);
    expect((await tryLogIn('own@example.test', PASSWORD, totpCode(first, clock))).statusCode).toBe(422);
    later(30_000);
    await logIn('own@example.test', { code: totpCode(third, clock) });
    expect((await auditOf(made.id, ['staff_account.totp_setup'])).map((a) => [a.actor, a.before])).toEqual([
      ['own', { totp_enabled: false }],
      ['own', { totp_enabled: true }],
    ]);
  });
});

describe('the last active administrator', () => {
  it('cannot be disabled, even from the command line', async () => {
    lines.length = 0;
    expect(await staff(['disable', '--email', 'admin@example.test'])).toBe(2);
    expect(lines).toEqual([STAFF_TEXTS.lastAdministrator]);
    expect((await tryLogIn('admin@example.test')).statusCode).toBe(200);
  });

  it('of two administrators demoting or disabling each other at once, one is refused', async () => {
    // At the services (the calls' sessions are checked before either change): each in its own transaction.
    const bo = await account('bo@example.test', 'administrator', []);
    const [ada] = await t.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'admin@example.test'));
    const outcomes = await Promise.allSettled([
      t.db.transaction((tx) =>
        updateStaffAccount(
          tx,
          { staffId: bo.id, role: 'front_desk', venueIds: [leeds.id], clientId: leeds.clientId },
          { staffId: ada!.id, name: ada!.name },
          clock,
        ),
      ),
      t.db.transaction((tx) =>
        setStaffAccountDisabled(
          tx,
          { staffId: ada!.id, disabled: true },
          { staffId: bo.id, name: bo.name },
          clock,
        ),
      ),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(StaffAccountError);
    expect(refused.reason.message).toBe(STAFF_TEXTS.lastAdministrator);
    const admins = await t.db
      .select({ id: staffAccounts.id, disabledAt: staffAccounts.disabledAt })
      .from(staffAccounts)
      .where(eq(staffAccounts.role, 'administrator'));
    expect(admins.filter((a) => a.disabledAt === null)).toHaveLength(1);
  });

  it('cannot lose the role through the console', async () => {
    // The one active administrator left is the caller (refused as their own role) or, seen from the other's
    // session, the request of someone no longer an administrator (403).
    const [admin] = await t.db
      .select()
      .from(staffAccounts)
      .where(and(eq(staffAccounts.role, 'administrator'), isNull(staffAccounts.disabledAt)));
    const session = await logIn(admin!.email);
    const res = await call(session, 'PUT', `/api/staff/accounts/${admin!.id}`, {
      role: 'front_desk',
      venue_ids: [leeds.id],
    });
    expect(res.json().errors).toEqual({ role: [STAFF_TEXTS.cannotChangeOwnRole] });
    await expect(
      t.db.transaction((tx) =>
        updateStaffAccount(
          tx,
          { staffId: admin!.id, role: 'front_desk', venueIds: [leeds.id], clientId: leeds.clientId },
          systemActor('test'),
          clock,
        ),
      ),
    ).rejects.toThrow(STAFF_TEXTS.lastAdministrator);
  });
});
