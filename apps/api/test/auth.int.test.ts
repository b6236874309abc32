import {
  CSRF_COOKIE,
  DEFAULT_ERROR_TEXTS,
  INVALID_CREDENTIALS,
  LOGGED_IN_COOKIE,
  MULTIPLE_LOGIN_MATCHES,
  SESSION_COOKIE,
  TOO_MANY_ATTEMPTS,
  UNAUTHENTICATED,
  user as userSchema,
} from '@fieldhouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createCustomer,
  createVenue,
  csrfHeaders,
  login,
  sessionFrom,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, slug: 'leeds-central' });
const app = await t.buildTestApp();

describe('login', () => {
  let alex: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    alex = await createCustomer(t.db, {
      clientId: client.id,
      email: 'Alex.Morgan@Example.test',
      reference: 'FH200001',
      firstName: 'Alex',
      homeVenueId: venue.id,
    });
  });

  it('logs in by email, case-insensitively, with HttpOnly session and readable companion cookies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: csrfHeaders(),
      payload: { username: 'alex.morgan@example.TEST', password: alex.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(userSchema.parse(body.data)).toMatchObject({
      id: alex.id,
      reference: 'FH200001',
      first_name: 'Alex',
      home_venue_slug: 'leeds-central',
      credit: { balance: { raw: 0, formatted: '£0.00' } },
      profile_photo: { url: null, is_set: false, authorisation: { allowed: true } },
    });
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const loggedIn = response.cookies.find((c) => c.name === LOGGED_IN_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86400 });
    expect(session.secure).toBeFalsy();
    expect(loggedIn).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(loggedIn.httpOnly).toBeFalsy();
    expect(response.body).not.toContain(session.value);
  });

  it('marks cookies Secure behind a trusted https proxy, and ignores forwarded headers otherwise', async () => {
    const direct = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { ...csrfHeaders(), 'x-forwarded-proto': 'https' },
      payload: { username: 'FH200001', password: alex.password },
    });
    expect(direct.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();

    const proxied = await t.buildTestApp({ trustProxy: true });
    const response = await proxied.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { ...csrfHeaders(), 'x-forwarded-proto': 'https' },
      payload: { username: 'FH200001', password: alex.password },
    });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it('logs in by customer reference', async () => {
    const session = await login(app, { username: 'fh200001', password: alex.password });
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('Alex.Morgan@Example.test');
  });

  it('answers 422 with a username error for a wrong password or unknown user', async () => {
    for (const username of ['FH200001', 'nobody@example.test']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: csrfHeaders(),
        payload: { username, password: 'Wrong-password1' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: INVALID_CREDENTIALS,
        errors: { username: [INVALID_CREDENTIALS] },
      });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('validates the body (422 with field errors)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: csrfHeaders(),
      payload: { username: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('username');
    expect(response.json().errors).toHaveProperty('password');
  });

  it('picks the account whose password matches among accounts sharing an email', async () => {
    const sam = await createCustomer(t.db, {
      clientId: client.id,
      email: 'family@example.test',
      password: 'SamPass1!',
    });
    const jo = await createCustomer(t.db, {
      clientId: client.id,
      email: 'family@example.test',
      password: 'JoPass1!x',
    });
    const samSession = await login(app, { username: 'family@example.test', password: 'SamPass1!' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: samSession.headers });
    expect(me.json().data.id).toBe(sam.id);
    const joSession = await login(app, { username: 'family@example.test', password: 'JoPass1!x' });
    const me2 = await app.inject({ method: 'GET', url: '/api/auth/user', headers: joSession.headers });
    expect(me2.json().data.id).toBe(jo.id);
  });

  it('asks for the customer ID when one password opens several accounts', async () => {
    await createCustomer(t.db, { clientId: client.id, email: 'twins@example.test', password: 'Same1!pass' });
    await createCustomer(t.db, { clientId: client.id, email: 'twins@example.test', password: 'Same1!pass' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: csrfHeaders(),
      payload: { username: 'twins@example.test', password: 'Same1!pass' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MULTIPLE_LOGIN_MATCHES);
    expect(response.json().message.split(' ')[0]).toBe('Multiple');
  });
});

describe('session', () => {
  it('logout revokes the session and clears both cookies; the old cookie then gets 401', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const session = await login(app, customer);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: { message: 'Logged out' } });
    const cleared = logout.cookies.filter((c) => [SESSION_COOKIE, LOGGED_IN_COOKIE].includes(c.name));
    expect(cleared).toHaveLength(2);
    for (const c of cleared) expect(c.value).toBe('');

    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers });
    expect(me.statusCode).toBe(401);
  });

  it('logout works without a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: csrfHeaders() });
    expect(response.statusCode).toBe(200);
  });

  it('GET auth/user without a valid session is 401 and clears the cookies', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=forged-token; ${LOGGED_IN_COOKIE}=1` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: UNAUTHENTICATED });
    const names = response.cookies.filter((c) => c.value === '').map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([SESSION_COOKIE, LOGGED_IN_COOKIE]));
  });

  it('expired sessions are refused', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const later = await t.buildTestApp({}, { now: () => new Date(Date.now() + 31 * 86_400_000) });
    const session = await login(app, customer);
    const response = await later.inject({ method: 'GET', url: '/api/auth/user', headers: session.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('sets a readable fh_csrf cookie when the browser has none', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThan(20);
  });

  it('sets no cookie on a reply shared by every guest (public, cacheable), and the next other call sets it', async () => {
    const shared = await app.inject({ method: 'GET', url: '/api/venues' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['cache-control']).toBe('public, no-cache');
    expect(shared.headers['set-cookie']).toBeUndefined();
    const next = await app.inject({ method: 'GET', url: '/api/health' });
    expect(next.cookies.find((c) => c.name === CSRF_COOKIE)?.value.length).toBeGreaterThan(20);
  });

  it('answers 419 when the header is missing or differs from the cookie', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const payload = { username: customer.email, password: customer.password };
    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}` },
      payload,
    });
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.csrf });
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { cookie: `${CSRF_COOKIE}=${TEST_CSRF}`, 'x-csrf-token': 'something-else' },
      payload,
    });
    expect(mismatch.statusCode).toBe(419);
    const noCookie = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-csrf-token': TEST_CSRF },
    });
    expect(noCookie.statusCode).toBe(419);
  });
});

describe('rate limiting', () => {
  it('limits failed logins per account (429) without affecting other accounts', async () => {
    const limited = await t.buildTestApp({ rateLimits: { loginFailuresPerAccount: 3 } });
    const customer = await createCustomer(t.db, { clientId: client.id, email: 'target@example.test' });
    const attempt = (username: string, password: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: csrfHeaders(),
        payload: { username, password },
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt('TARGET@example.test', 'Wrong1!xx')).statusCode).toBe(422);
    const blocked = await attempt('target@example.test', customer.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    const other = await createCustomer(t.db, { clientId: client.id });
    expect((await attempt(other.email, other.password)).statusCode).toBe(200);
  });

  it('limits login and forgotten-password calls per IP (429)', async () => {
    const limited = await t.buildTestApp({
      rateLimits: { loginPerIpPerMinute: 2, forgottenPasswordPerIpPerMinute: 1 },
    });
    // Counts are shared by every app on this database (as by processes): an address of this test's own.
    const remoteAddress = '203.0.113.77';
    const login = () =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: csrfHeaders(),
        remoteAddress,
        payload: { username: 'x@example.test', password: 'y' },
      });
    expect((await login()).statusCode).toBe(422);
    expect((await login()).statusCode).toBe(422);
    const third = await login();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: TOO_MANY_ATTEMPTS });

    const forgot = () =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/customer/forgotten-password',
        headers: csrfHeaders(),
        remoteAddress,
        payload: { email_or_reference: 'nobody@example.test' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);
  });
});

it('sessionFrom refuses replies without a session cookie', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(() => sessionFrom(response)).toThrow(/No session cookie/);
});
