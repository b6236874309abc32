import { CSRF_COOKIE, DEFAULT_ERROR_TEXTS, SESSION_COOKIE } from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  type Session,
  sessionFor,
  setupTestDatabase,
  TEST_CSRF,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const app = await t.buildTestApp();

/** The session cookie alone: what a cross-site form or fetch carries (the browser adds cookies, not headers). */
const cookiesOnly = (who: Session) => ({
  cookie: `${CSRF_COOKIE}=${TEST_CSRF}; ${SESSION_COOKIE}=${who.token}`,
});

const isLoggedIn = async (who: Session) =>
  (await app.inject({ method: 'GET', url: '/api/auth/user', headers: who.headers })).statusCode === 200;

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----fh${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

/** Ways to spell /api/… that the router still matches (or that a proxy might normalise). */
const SPELLINGS = [
  (path: string) => `/%61pi${path}`,
  (path: string) => `/ap%69${path}`,
  (path: string) => `/%61%70%69${path}`,
  (path: string) => `/API${path}`,
  (path: string) => `//api${path}`,
  (path: string) => `/api/../api${path}`,
  (path: string) => `/api${path}?x`,
  (path: string) => `/api${path}`,
];

describe('CSRF on every unsafe call, however its path is spelled', () => {
  it.each(SPELLINGS.map((spell) => [spell('/auth/logout')]))(
    'refuses POST %s without the token (419) and the session lives on',
    async (url) => {
      const customer = await createCustomer(t.db, { clientId: client.id });
      const who = await sessionFor(t.db, customer.id);
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...cookiesOnly(who), ...(contentType ? { 'content-type': contentType } : {}) },
          ...(contentType ? { payload: 'x=1' } : {}),
        });
        expect(response.statusCode).toBe(419);
        expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.csrf });
      }
      expect(await isLoggedIn(who)).toBe(true);
    },
  );

  it('refuses a multipart profile photo and a details change under an escaped path without the token', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id, firstName: 'Alex' });
    const who = await sessionFor(t.db, customer.id);
    const form = multipart('photo', 'me.jpg', 'image/jpeg', JPEG);
    const photo = await app.inject({
      method: 'POST',
      url: '/%61pi/user/profile-photo',
      headers: { ...cookiesOnly(who), 'content-type': form.contentType },
      payload: form.body,
    });
    expect(photo.statusCode).toBe(419);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/ap%69/user/profile-photo',
        headers: { ...cookiesOnly(who), 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(419);
    }
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.profilePhotoPath).toBeNull();
  });

  it('still lets the same calls through with the token', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, customer.id);
    const response = await app.inject({ method: 'POST', url: '/%61pi/auth/logout', headers: who.headers });
    expect(response.statusCode).toBe(200);
    expect(await isLoggedIn(who)).toBe(false);
  });

  it('leaves safe methods alone', async () => {
    const response = await app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(response.statusCode).not.toBe(419);
    const options = await app.inject({ method: 'OPTIONS', url: '/api/auth/logout' });
    expect(options.statusCode).not.toBe(419);
  });
});

describe('content types', () => {
  const jsonCalls = [
    { method: 'POST', url: '/api/auth/logout' },
    { method: 'POST', url: '/api/auth/customer/login' },
    { method: 'PUT', url: '/api/user/profile-photo/reminder' },
    { method: 'PUT', url: '/api/my-account/user/update' },
    { method: 'POST', url: '/api/cart/add' },
  ] as const;

  it.each(jsonCalls)('$method $url answers 415 to text/plain, form and multipart bodies', async (call) => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, customer.id);
    const form = multipart('photo', 'me.jpg', 'image/jpeg', JPEG);
    const bodies = [
      { type: 'text/plain', payload: '{"dismissed":true}' },
      { type: 'text/plain;charset=UTF-8', payload: '{}' },
      { type: 'application/x-www-form-urlencoded', payload: 'dismissed=true' },
      { type: form.contentType, payload: form.body },
    ];
    for (const body of bodies) {
      const response = await app.inject({
        method: call.method,
        url: call.url,
        headers: { ...who.headers, 'content-type': body.type },
        payload: body.payload,
      });
      expect({ type: body.type, status: response.statusCode }).toEqual({ type: body.type, status: 415 });
    }
    expect(await isLoggedIn(who)).toBe(true);
  });

  it('a multipart call answers 415 to JSON and text bodies', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, customer.id);
    for (const url of [
      '/api/user/profile-photo',
      '/api/eligibility/document',
      '/api/user/memberships/1/freeze',
    ]) {
      for (const body of [
        { type: 'application/json', payload: '{"photo":"x"}' },
        { type: 'text/plain', payload: 'x' },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...who.headers, 'content-type': body.type },
          payload: body.payload,
        });
        expect({ url, type: body.type, status: response.statusCode }).toEqual({
          url,
          type: body.type,
          status: 415,
        });
      }
    }
  });

  it('JSON calls still work with application/json (any charset)', async () => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, customer.id);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/profile-photo/reminder',
      headers: { ...who.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: '{"dismissed":true}',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('hostile input is refused, never a 500', () => {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const customer = await createCustomer(t.db, { clientId: client.id });
    const who = await sessionFor(t.db, customer.id);
    return app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  };

  it('NUL and other control characters in a path, query string or body (keys too)', async () => {
    const slug = await call('GET', '/api/venues/a%00b');
    expect(slug.statusCode).toBe(422);
    expect(slug.json()).toEqual({ message: 'Slug is invalid.', errors: { slug: ['Slug is invalid.'] } });
    const query = await call('GET', '/api/venues/leeds/sessions?category=%1B%5B31m');
    expect(query.json().errors).toEqual({ category: ['Category is invalid.'] });
    const body = await call('POST', '/api/auth/customer/forgotten-password', {
      email_or_reference: 'a\u0000@b.c',
    });
    expect(body.json().errors).toEqual({ email_or_reference: ['Email or reference is invalid.'] });
    const key = await call('PUT', '/api/my-account/user/update?onboarding_type=account', {
      checksum: 'x',
      'first\u0000name': 'Alex',
    });
    expect(key.statusCode).toBe(422);
  });

  it('ids outside PostgreSQL integer range', async () => {
    for (const url of [
      '/api/sessions/2147483648',
      '/api/sessions/99999999999999999999',
      '/api/sessions/-1',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
    expect((await call('GET', '/api/sessions/2147483647')).statusCode).toBe(404);
    const waitlist = await call('POST', '/api/waitlist', { session_id: 2 ** 31 });
    expect(waitlist.statusCode).toBe(422);
    expect(Object.keys(waitlist.json().errors)).toEqual(['session_id']);
    const types = await call('GET', '/api/memberships/types?venue_id=2147483648');
    expect(types.statusCode).toBe(422);
  });

  it('over-long strings, whatever the field', async () => {
    const long = await call('POST', '/api/auth/customer/forgotten-password', {
      email_or_reference: 'x'.repeat(10_000),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.email_or_reference).toEqual([
      'Email or reference may not be greater than 5000 characters.',
    ]);
    const answers = await call('POST', '/api/custom-questions/memberships/1', {
      answers: { a: { question_id: 1, answer: 'y'.repeat(6_000) } },
    });
    expect(answers.statusCode).toBe(422);
  });
});
