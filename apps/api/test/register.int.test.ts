import {
  LOGGED_IN_COOKIE,
  PASSWORD_RULE_TEXT,
  PASSWORDS_DO_NOT_MATCH,
  SESSION_COOKIE,
} from '@fieldhouse/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema.ts';
import {
  createClient,
  createCustomer,
  createTerms,
  csrfHeaders,
  outbox,
  registrationBody,
  sessionFrom,
  setupTestDatabase,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const app = await t.buildTestApp();

const validBody = (overrides: Record<string, unknown> = {}) =>
  registrationBody(client.id, {
    email: 'Robin.Shaw@Example.test',
    date_of_birth: '1988-02-29',
    phone: '07700 900456',
    ...overrides,
  });

const register = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/register?onboarding_type=customer_account_online',
    headers: csrfHeaders(),
    payload: payload as Record<string, unknown>,
  });

describe('register', () => {
  it('creates the customer with the next reference, logs in and queues a welcome mail (201)', async () => {
    const response = await register(validBody());
    expect(response.statusCode).toBe(201);
    const user = response.json().data;
    expect(user).toMatchObject({
      first_name: 'Robin',
      email: 'robin.shaw@example.test',
      membership_user: false,
    });
    expect(user.reference).toMatch(/^FH\d{6}$/);
    expect(response.cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining([SESSION_COOKIE, LOGGED_IN_COOKIE]),
    );

    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: sessionFrom(response).headers,
    });
    expect(me.json().data.id).toBe(user.id);

    const [row] = await t.db.select().from(customers).where(eq(customers.id, user.id));
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(row!.passwordHash).not.toContain('Str0ng!pass');

    const mails = await outbox(app, 'robin.shaw@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Welcome to Test Leisure');
    expect(mails[0]!.text).toContain(user.reference);
  });

  it('allows the same email again (families) with a new reference', async () => {
    const first = await register(validBody({ email: 'shared@example.test' }));
    const second = await register(validBody({ email: 'shared@example.test', first_name: 'Kit' }));
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const a = Number(first.json().data.reference.slice(2));
    const b = Number(second.json().data.reference.slice(2));
    expect(b).toBe(a + 1);
  });

  it('hands out unique references under concurrent registrations', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(validBody({ email: `parallel-${i}@example.test` }))),
    );
    const refs = replies.map((r) => r.json().data.reference);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(refs).size).toBe(5);
  });

  it('skips the numbers customers were given by hand (the demo seed numbers its members)', async () => {
    const first = await register(validBody({ email: 'numbered-first@example.test' }));
    const n = Number(first.json().data.reference.slice(2));
    await createCustomer(t.db, {
      clientId: client.id,
      reference: `FH${n + 1}`,
      email: 'by-hand-1@example.test',
    });
    await createCustomer(t.db, {
      clientId: client.id,
      reference: `FH${n + 3}`,
      email: 'by-hand-3@example.test',
    });
    const next = await register(validBody({ email: 'numbered-next@example.test' }));
    expect(next.statusCode).toBe(201);
    // Past the highest number given, not into the gap: numbers only go up.
    expect(next.json().data.reference).toBe(`FH${n + 4}`);
  });

  it('answers 422 with per-field errors for password rules, mismatch and missing terms', async () => {
    const weak = await register(validBody({ password: 'weakpass', password_confirmation: 'weakpass' }));
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toContain(PASSWORD_RULE_TEXT);

    const mismatch = await register(validBody({ password_confirmation: 'Different1!' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: [PASSWORDS_DO_NOT_MATCH] });

    // Terms must be accepted when the client has some (joining §5; without any, see joining-up-front).
    await createTerms(t.db, { clientId: client.id });
    const noTerms = await register(validBody({ terms_accepted: false }));
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().errors.terms_accepted).toEqual(['You must accept the terms and conditions.']);

    const badEmail = await register(validBody({ email: 'not-an-email', first_name: '' }));
    expect(badEmail.json().errors).toMatchObject({
      email: ['Please enter a valid email address.'],
      first_name: ['First name is required.'],
    });
    expect(badEmail.json().message).toBeTypeOf('string');
  });

  it('refuses another client id (422 on client_id)', async () => {
    const response = await register(validBody({ client_id: client.id + 999 }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['client_id']);
  });
});
