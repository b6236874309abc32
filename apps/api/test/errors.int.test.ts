import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { expect, it } from 'vitest';
import { setupTestDatabase } from './helper.ts';

const t = await setupTestDatabase();
const logged: Record<string, unknown>[] = [];
const probe: FastifyPluginAsync = async (app) => {
  app.get('/api/test/explode', async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  // Values the contract would refuse, sent to the database anyway: the last guard answers 400.
  app.get('/api/test/out-of-range', async () => app.db.execute(sql`select ${'2147483648'}::integer as n`));
  app.get('/api/test/nul', async () => app.db.execute(sql`select ${'a\u0000b'}::text as t`));
  app.get('/api/test/not-a-number', async () => app.db.execute(sql`select ${'12abc'}::integer as n`));
};
const app = await t.buildTestApp(
  {},
  {
    plugins: [probe],
    logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  },
);

it('answers 500 with the generic text, never the stack, and logs the error with the request id', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });
  expect(response.body).not.toContain('secret');
  const entry = logged.find((l) => l.msg === 'Request failed');
  expect(entry).toMatchObject({
    reqId: response.headers['request-id'] ?? expect.any(String),
    url: '/api/test/explode',
  });
  expect(JSON.stringify(entry)).toContain('secret internals');
});

it.each(['out-of-range', 'nul', 'not-a-number'])(
  'answers a value the database refuses (%s) with 400 and the generic text, not a 500',
  async (probe) => {
    const response = await app.inject({ method: 'GET', url: `/api/test/${probe}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });
  },
);

it('answers a malformed JSON body with a readable error, not a 500', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    headers: { cookie: 'fh_csrf=a', 'x-csrf-token': 'a', 'content-type': 'application/json' },
    payload: '{"username":',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: DEFAULT_ERROR_TEXTS.generic });
});
