import { dataFieldsReply, JOINING_TEXTS, userReply } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import { createCustomer, directDebitExpectations, login, sessionFor, TEST_PASSWORD } from './helper.ts';
import { membershipPurchaseTestbed } from './membership-purchase.fixtures.ts';

/** The sandbox, or GoCardless through its stand-in (vitest project int-gocardless). */
const DD = directDebitExpectations();

const { t, client, app, junior, juniorMonthly, get } = await membershipPurchaseTestbed();

describe('costs and provider', () => {
  it('refuses costs of a membership the caller cannot buy', async () => {
    const c = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
    const s = await sessionFor(t.db, c.id);
    const res = await get(
      `/api/memberships/types/${junior.id}/payment-options/${juniorMonthly.id}?billing_day=1`,
      s,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.membership_type_id).toEqual([JOINING_TEXTS.notEligible]);
  });

  it('names the direct-debit provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/direct-debit/provider' });
    expect(res.json()).toEqual({ data: { provider: DD.name } });
  });
});

describe('PUT /api/my-account/user/update and password', () => {
  it('checks the checksum, refuses locked fields, requires fields and saves only the caller', async () => {
    const me = await createCustomer(t.db, { clientId: client.id, dateOfBirth: '1990-05-01' });
    const other = await createCustomer(t.db, { clientId: client.id, firstName: 'Other' });
    const s = await sessionFor(t.db, me.id);
    const form = dataFieldsReply.parse(
      (await get('/api/data-fields?onboarding_type=customer_account_online', s)).json(),
    ).data;
    const put = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/api/my-account/user/update?onboarding_type=customer_account_online',
        headers: s.headers,
        payload,
      });
    const base = { first_name: 'New', last_name: 'Name', email: me.email, date_of_birth: '1990-05-01' };
    expect((await put({ ...base, checksum: 'stale' })).statusCode).toBe(409);
    const locked = await put({ ...base, date_of_birth: '1991-01-01', checksum: form.checksum });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.date_of_birth).toEqual(["Date of birth can't be changed online."]);
    const missing = await put({ ...base, first_name: '', checksum: form.checksum });
    expect(missing.json().errors.first_name).toEqual(['First name is required.']);
    const ok = await put({ ...base, unknown_key: 'ignored', id: other.id, checksum: form.checksum });
    expect(ok.statusCode).toBe(200);
    expect(userReply.parse(ok.json()).data.first_name).toBe('New');
    const [o] = await t.db.select().from(customers).where(eq(customers.id, other.id));
    expect(o!.firstName).toBe('Other');
  });

  it('changes the password and revokes the other sessions only', async () => {
    const me = await createCustomer(t.db, { clientId: client.id });
    const a = await login(app, { username: me.reference, password: TEST_PASSWORD });
    const b = await login(app, { username: me.reference, password: TEST_PASSWORD });
    const put = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/my-account/user/password', headers: a.headers, payload });
    const wrong = await put({
      current_password: 'Wrong1!xx',
      password: 'N3w-Passw0rd!',
      repeat_new_password: 'N3w-Passw0rd!',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is incorrect.']);
    const ok = await put({
      current_password: TEST_PASSWORD,
      password: 'N3w-Passw0rd!',
      repeat_new_password: 'N3w-Passw0rd!',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/auth/user', a)).statusCode).toBe(200);
    expect((await get('/api/auth/user', b)).statusCode).toBe(401);
    await login(app, { username: me.reference, password: 'N3w-Passw0rd!' });
  });
});
