import { CSRF_COOKIE, CSRF_HEADER, STAFF_TEXTS } from '@fieldhouse/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createStaffAccount } from '../src/services/staff/accounts.ts';
import { systemActor } from '../src/services/staff/audit.ts';
import { TEST_CSRF } from './helper.ts';
import { PASSWORD, staffTestbed } from './staff.fixtures.ts';

const clock = new Date('2026-11-24T10:00:00Z');
const { t, app, leeds, york, logIn } = await staffTestbed(() => clock);

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
