import {
  CHECK_YOUR_EMAIL,
  MULTIPLE_ACCOUNTS_MESSAGE,
  PASSWORD_RULE_TEXT,
  PASSWORD_UPDATED,
  RESET_LINK_INVALID,
} from '@fieldhouse/contract';
import { describe, expect, it } from 'vitest';
import { createClient, createCustomer, csrfHeaders, login, outbox, setupTestDatabase } from './helper.ts';

/** Every line the app logs at info level (the access log included). */
const logLines: string[] = [];

const t = await setupTestDatabase();
const client = await createClient(t.db);
// Behind a TLS-terminating proxy: the reset link takes the protocol and host the visitor used.
const app = await t.buildTestApp(
  { trustProxy: true },
  {
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          logLines.push(line);
          if (JSON.parse(line).level >= 50) console.error(line);
        },
      },
    },
  },
);

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...csrfHeaders(), ...headers }, payload });
const forgot = (value: string, headers?: Record<string, string>) =>
  post('/api/auth/customer/forgotten-password', { email_or_reference: value }, headers);
const tokenFrom = (text: string) => /\/password-reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('forgotten password', () => {
  it('mails a single-use link built from the request origin for one account', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, email: 'one@example.test' });
    const response = await forgot('ONE@example.test', {
      host: 'fieldhouse.example:8080',
      'x-forwarded-proto': 'https',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: CHECK_YOUR_EMAIL } });
    const [mail] = await outbox(app, 'one@example.test');
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.text).toMatch(
      /https:\/\/fieldhouse\.example:8080\/account\/password-reset\/[A-Za-z0-9_-]{43}/,
    );
    expect(mail!.text).toContain(customer.reference);
  });

  it('uses ACCOUNT_URL in sub-domain mode', async () => {
    const subdomains = await t.buildTestApp({
      siteUrls: {
        bookings: 'https://b.fh.test',
        account: 'https://account.fh.test',
        join: 'https://join.fh.test',
      },
    });
    await createCustomer(t.db, { clientId: client.id, email: 'sub@example.test' });
    await subdomains.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      headers: csrfHeaders(),
      payload: { email_or_reference: 'sub@example.test' },
    });
    const [mail] = await outbox(app, 'sub@example.test');
    expect(mail!.text).toContain('https://account.fh.test/password-reset/');
  });

  it("answers 422 'Multiple…' for a shared email but accepts the reference", async () => {
    await createCustomer(t.db, { clientId: client.id, email: 'family@example.test' });
    const second = await createCustomer(t.db, { clientId: client.id, email: 'family@example.test' });
    const response = await forgot('family@example.test');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MULTIPLE_ACCOUNTS_MESSAGE,
      errors: { email_or_reference: [MULTIPLE_ACCOUNTS_MESSAGE] },
    });
    expect(await outbox(app, 'family@example.test')).toHaveLength(0);
    expect((await forgot(second.reference.toLowerCase())).statusCode).toBe(200);
    const mails = await outbox(app, 'family@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(second.reference);
  });

  it('answers 200 and sends nothing for an unknown address', async () => {
    const before = (await outbox(app)).length;
    const response = await forgot('nobody@example.test');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(CHECK_YOUR_EMAIL);
    expect((await outbox(app)).length).toBe(before);
  });
});

describe('password reset', () => {
  it('validates, resets, revokes existing sessions, and the new password logs in', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, email: 'reset@example.test' });
    const session = await login(app, customer);
    await forgot('reset@example.test');
    const token = tokenFrom((await outbox(app, 'reset@example.test'))[0]!.text);

    const valid = await post('/api/auth/password-reset/validate', { token });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ data: { valid: true, email: 'reset@example.test' } });

    const weak = await post('/api/auth/password-reset', {
      token,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toContain(PASSWORD_RULE_TEXT);
    const mismatch = await post('/api/auth/password-reset', {
      token,
      password: 'N3w!password',
      password_confirmation: 'N3w!passwordX',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);

    const done = await post('/api/auth/password-reset', {
      token,
      password: 'N3w!password',
      password_confirmation: 'N3w!password',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { message: PASSWORD_UPDATED } });

    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers })).statusCode,
    ).toBe(401);
    await expect(login(app, customer)).rejects.toThrow(/422/);
    await login(app, { email: customer.email, password: 'N3w!password' });

    // Used: both calls now refuse the token.
    const reused = await post('/api/auth/password-reset/validate', { token });
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual({ message: RESET_LINK_INVALID });
    const again = await post('/api/auth/password-reset', {
      token,
      password: 'An0ther!pass',
      password_confirmation: 'An0ther!pass',
    });
    expect(again.statusCode).toBe(403);
  });

  it('refuses unknown and expired tokens with 403', async () => {
    expect((await post('/api/auth/password-reset/validate', { token: 'not-a-token' })).statusCode).toBe(403);

    await createCustomer(t.db, { clientId: client.id, email: 'late@example.test' });
    await forgot('late@example.test');
    const token = tokenFrom((await outbox(app, 'late@example.test'))[0]!.text);
    const later = await t.buildTestApp({}, { now: () => new Date(Date.now() + 61 * 60_000) });
    const expired = await later.inject({
      method: 'POST',
      url: '/api/auth/password-reset/validate',
      headers: csrfHeaders(),
      payload: { token },
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(RESET_LINK_INVALID);
  });
});

describe('older reset links', () => {
  const reset = (token: string, password = 'N3w!password') =>
    post('/api/auth/password-reset', { token, password, password_confirmation: password });

  it('only the newest link works once another has been sent', async () => {
    await createCustomer(t.db, { clientId: client.id, email: 'twice@example.test' });
    await forgot('twice@example.test');
    // The first link is written and mailed (after the reply) before the member asks again.
    const [first] = (await outbox(app, 'twice@example.test')).map((m) => tokenFrom(m.text));
    await forgot('twice@example.test');
    // The outbox lists the newest first.
    const [second] = (await outbox(app, 'twice@example.test')).map((m) => tokenFrom(m.text));
    expect(first).not.toBe(second);
    expect((await post('/api/auth/password-reset/validate', { token: first })).statusCode).toBe(403);
    expect((await reset(first!)).statusCode).toBe(403);
    expect((await post('/api/auth/password-reset/validate', { token: second })).statusCode).toBe(200);
  });

  it('no link works after a reset with another link', async () => {
    await createCustomer(t.db, { clientId: client.id, email: 'after-reset@example.test' });
    await forgot('after-reset@example.test');
    const [older] = (await outbox(app, 'after-reset@example.test')).map((m) => tokenFrom(m.text));
    await forgot('after-reset@example.test');
    const newest = tokenFrom((await outbox(app, 'after-reset@example.test'))[0]!.text);
    expect(newest).not.toBe(older);
    expect((await reset(newest)).statusCode).toBe(200);
    expect((await reset(older!, 'An0ther!pass')).statusCode).toBe(403);
    expect((await reset(newest, 'An0ther!pass')).statusCode).toBe(403);
  });

  it('no link works after the password is changed in the account', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, email: 'changed@example.test' });
    await forgot('changed@example.test');
    const token = tokenFrom((await outbox(app, 'changed@example.test'))[0]!.text);
    const session = await login(app, customer);
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/my-account/user/password',
      headers: session.headers,
      payload: {
        current_password: customer.password,
        password: 'Ch4nged!pass',
        repeat_new_password: 'Ch4nged!pass',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/validate', { token })).statusCode).toBe(403);
    expect((await reset(token)).statusCode).toBe(403);
    await login(app, { email: customer.email, password: 'Ch4nged!pass' });
  });
});

describe('the access log', () => {
  it('never holds a live reset token (link path or token parameter)', async () => {
    await createCustomer(t.db, { clientId: client.id, email: 'logged@example.test' });
    await forgot('logged@example.test');
    const token = tokenFrom((await outbox(app, 'logged@example.test'))[0]!.text);
    logLines.length = 0;
    for (const url of [
      `/account/password-reset/${token}`,
      `/password-reset/${token}`,
      `/account/password%2Dreset/${token}`,
      `/api/auth/password-reset/validate?token=${token}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    expect((await post('/api/auth/password-reset/validate', { token })).statusCode).toBe(200);
    const requests = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
    expect(requests.length).toBeGreaterThanOrEqual(5);
    expect(requests.map((l) => l.req.url)).toContain('/account/password-reset/[redacted]');
    expect(logLines.join('\n')).not.toContain(token);
  });
});
