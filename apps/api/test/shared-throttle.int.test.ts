import net from 'node:net';
import { TOO_MANY_ATTEMPTS } from '@fieldhouse/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { createClient, createCustomer, csrfHeaders, setupTestDatabase, testConfig } from './helper.ts';

// Rate limits and login throttling are shared by every process of a deployment: two apps built on one database
// stand for two processes (in the database by default, in Redis when REDIS_URL is set).

const t = await setupTestDatabase();
const client = await createClient(t.db);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
function redisAnswers(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
const redisUp = await redisAnswers(REDIS_URL);

// This file's Redis keys (login-familiar keys live 30 days) are removed afterwards.
afterAll(async () => {
  if (!redisUp) return;
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${testConfig().redisKeyPrefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

let lastAddress = 0;
/** A fresh client address per use (documentation range), so tests never share per-address counters. */
const nextAddress = () => `198.51.${100 + Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const login = (app: FastifyInstance, address: string, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    headers: csrfHeaders(),
    remoteAddress: address,
    payload: { username, password },
  });
const forgot = (app: FastifyInstance, address: string, value: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    headers: csrfHeaders(),
    remoteAddress: address,
    payload: { email_or_reference: value },
  });

const stores: { name: string; redisUrl: string | null; skip: boolean }[] = [
  { name: 'the database', redisUrl: null, skip: false },
  // Skipped when no Redis answers (REDIS_URL, else 127.0.0.1:6379).
  { name: 'Redis', redisUrl: REDIS_URL, skip: !redisUp },
];

for (const store of stores) {
  describe.skipIf(store.skip)(`counters in ${store.name}`, () => {
    /** Two "processes" of one deployment. */
    const twoApps = async (rateLimits: Partial<Config['rateLimits']>) => [
      await t.buildTestApp({ redisUrl: store.redisUrl, rateLimits }),
      await t.buildTestApp({ redisUrl: store.redisUrl, rateLimits }),
    ];

    it('two processes share the per-address limits of login and forgotten password', async () => {
      const [a, b] = await twoApps({ loginPerIpPerMinute: 3, forgottenPasswordPerIpPerMinute: 2 });
      const address = nextAddress();
      const statuses = [];
      for (const app of [a!, b!, a!, b!])
        statuses.push((await login(app, address, 'nobody@example.test', 'Wrong1!xx')).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const refused = await login(a!, address, 'nobody@example.test', 'Wrong1!xx');
      expect(refused.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
      // Per address: another address is not affected.
      expect((await login(b!, nextAddress(), 'nobody@example.test', 'Wrong1!xx')).statusCode).toBe(422);

      const other = nextAddress();
      expect((await forgot(a!, other, 'nobody@example.test')).statusCode).toBe(200);
      expect((await forgot(b!, other, 'nobody@example.test')).statusCode).toBe(200);
      const third = await forgot(a!, other, 'nobody@example.test');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
    });

    // A first delay of a minute keeps the assertions below true on a slow machine; 'the delay grows' uses 1 s.
    const slow = { loginFirstDelaySeconds: 60 };

    it('two processes share the account throttle', async () => {
      const [a, b] = await twoApps({ ...slow, loginFailuresPerAccount: 3 });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const address = nextAddress();
      for (const app of [a!, b!, a!])
        expect((await login(app, address, customer.email, 'Wrong1!xx')).statusCode).toBe(422);
      const blocked = await login(b!, address, customer.email, customer.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: TOO_MANY_ATTEMPTS });
      expect(blocked.headers['retry-after']).toBe('60');
    });

    it('an email and a customer number name one account: alternating them does not dodge the throttle', async () => {
      const [a] = await twoApps({ ...slow, loginFailuresPerAccount: 3 });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const address = nextAddress();
      for (const name of [customer.email, customer.reference.toLowerCase(), customer.email.toUpperCase()])
        expect((await login(a!, address, name, 'Wrong1!xx')).statusCode).toBe(422);
      expect((await login(a!, address, customer.reference, customer.password)).statusCode).toBe(429);
      expect((await login(a!, address, customer.email, customer.password)).statusCode).toBe(429);
    });

    it('the delay grows with each further failure, and a correct password clears the address', async () => {
      const [a, b] = await twoApps({ loginFailuresPerAccount: 3 });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const address = nextAddress();
      for (let i = 0; i < 3; i++)
        expect((await login(a!, address, customer.email, 'Wrong1!xx')).statusCode).toBe(422);
      const first = await login(b!, address, customer.email, 'Wrong1!xx');
      expect([first.statusCode, first.headers['retry-after']]).toEqual([429, '1']);
      await sleep(1100);
      // The wait is over: the attempt is checked (and fails again), then the next wait is twice as long.
      expect((await login(b!, address, customer.email, 'Wrong1!xx')).statusCode).toBe(422);
      const second = await login(a!, address, customer.email, customer.password);
      expect([second.statusCode, second.headers['retry-after']]).toEqual([429, '2']);
      await sleep(2100);
      expect((await login(a!, address, customer.email, customer.password)).statusCode).toBe(200);
      // Success starts the address afresh: three more failures before the next wait.
      for (let i = 0; i < 3; i++)
        expect((await login(b!, address, customer.email, 'Wrong1!xx')).statusCode).toBe(422);
      expect((await login(b!, address, customer.email, customer.password)).statusCode).toBe(429);
    });

    it('an attacker hammering an account from one address cannot stop the member logging in from theirs', async () => {
      const [a, b] = await twoApps({
        ...slow,
        loginFailuresPerAccount: 3,
        loginFailuresPerAccountAllAddresses: 50,
      });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const attacker = nextAddress();
      const statuses = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await login(i % 2 ? a! : b!, attacker, customer.reference, `Guess${i}!x`)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([422, 422, 422]);
      expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
      // The member, from their own address (never seen before), logs in on either process.
      expect((await login(a!, nextAddress(), customer.email, customer.password)).statusCode).toBe(200);
      expect((await login(b!, nextAddress(), customer.reference, customer.password)).statusCode).toBe(200);
      // The attacker stays throttled even with the right password.
      expect((await login(a!, attacker, customer.email, customer.password)).statusCode).toBe(429);
    });

    it('past the ceiling for all addresses, unfamiliar addresses wait but the member’s usual address does not', async () => {
      const [a, b] = await twoApps({
        ...slow,
        loginFailuresPerAccount: 3,
        loginFailuresPerAccountAllAddresses: 4,
      });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const home = nextAddress();
      expect((await login(a!, home, customer.email, customer.password)).statusCode).toBe(200);
      // A distributed attack: one guess from each of many addresses.
      for (let i = 0; i < 4; i++)
        expect((await login(i % 2 ? a! : b!, nextAddress(), customer.email, `Guess${i}!x`)).statusCode).toBe(
          422,
        );
      const next = await login(b!, nextAddress(), customer.email, 'Guess4!x');
      expect([next.statusCode, next.headers['retry-after']]).toEqual([429, '60']);
      expect((await login(a!, nextAddress(), customer.reference, customer.password)).statusCode).toBe(429);
      // The address the member has logged in from before is not held up.
      expect((await login(b!, home, customer.reference, customer.password)).statusCode).toBe(200);
    });

    it('an attacker taking a fresh IPv6 address for every try is counted by the /64', async () => {
      const [a, b] = await twoApps({ ...slow, loginFailuresPerAccount: 3 });
      const customer = await createCustomer(t.db, { clientId: client.id });
      const network = `2001:db8:${++lastAddress}:7`;
      for (let i = 1; i <= 3; i++)
        expect(
          (await login(i % 2 ? a! : b!, `${network}::${i}`, customer.email, 'Wrong1!xx')).statusCode,
        ).toBe(422);
      expect((await login(a!, `${network}:ffff:1:2:3`, customer.email, customer.password)).statusCode).toBe(
        429,
      );
      const elsewhere = `2001:db8:${++lastAddress}:8::1`;
      expect((await login(b!, elsewhere, customer.email, customer.password)).statusCode).toBe(200);
    });

    it('unknown names are throttled like accounts (the reply does not tell them apart)', async () => {
      const [a, b] = await twoApps({ ...slow, loginFailuresPerAccount: 3 });
      const address = nextAddress();
      for (const app of [a!, b!, a!])
        expect((await login(app, address, 'Ghost@Example.test', 'Wrong1!xx')).statusCode).toBe(422);
      const blocked = await login(b!, address, ' ghost@example.TEST ', 'Wrong1!xx');
      expect([blocked.statusCode, blocked.headers['retry-after']]).toEqual([429, '60']);
    });
  });
}

describe('Redis unreachable', () => {
  it('keeps limiting in each process (and says so) rather than failing logins', async () => {
    const warnings: string[] = [];
    const app = await t.buildTestApp(
      { redisUrl: 'redis://127.0.0.1:1', rateLimits: { loginPerIpPerMinute: 2, loginFailuresPerAccount: 2 } },
      {
        logger: {
          level: 'warn',
          stream: {
            write: (line: string) => {
              const entry = JSON.parse(line) as { level: number; msg: string };
              if (entry.level >= 50) console.error(line);
              else warnings.push(entry.msg);
            },
          },
        },
      },
    );
    const customer = await createCustomer(t.db, { clientId: client.id });
    const address = nextAddress();
    expect((await login(app, address, customer.email, customer.password)).statusCode).toBe(200);
    expect((await login(app, address, customer.email, 'Wrong1!xx')).statusCode).toBe(422);
    expect((await login(app, address, customer.email, 'Wrong1!xx')).statusCode).toBe(429);
    expect(warnings).toContain('Redis is unreachable: rate limits fall back to this process');
  });
});
