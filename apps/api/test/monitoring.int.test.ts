import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { executeRows } from '../src/db/references.ts';
import { MAIL_ONLY_QUEUED } from '../src/plugins/app/mail.ts';
import { dispatchQueuedMail, MAIL_DELIVERY_JOB } from '../src/services/mail/delivery.ts';
import { queueMail } from '../src/services/mail/outbox.ts';
import type { MailSender } from '../src/services/mail/sender.ts';
import {
  cardToken,
  createClient,
  createLoggedInCustomer,
  createSession,
  createTerms,
  createVenue,
  type Session,
  setupTestDatabase,
} from './helper.ts';

const t = await setupTestDatabase();
const client = await createClient(t.db);
const venue = await createVenue(t.db, { clientId: client.id, name: 'Leeds Central' });
await createTerms(t.db, { clientId: client.id });

const TOKEN = 'metrics-token-for-the-tests';
const withToken = (token: string | null, extra: Partial<Config['metrics']> = {}) => ({
  metrics: { token, port: null, cacheSeconds: 0, ...extra },
});
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The sum of a series' samples whose labels include `labels` (Prometheus text format). */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) {
      sum += Number(m[3]);
      found = true;
    }
  }
  if (!found) throw new Error(`No sample ${name} ${JSON.stringify(labels)} in:\n${text}`);
  return sum;
}

async function scrape(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** A MailSender that fails the next N sends, then delivers. */
function fakeSender() {
  let failures = 0;
  const sender: MailSender & { failNext(n: number): void; sent: number } = {
    sent: 0,
    failNext: (n) => {
      failures = n;
    },
    async send() {
      if (failures > 0) {
        failures--;
        throw new Error('421 4.3.2 Service not available');
      }
      sender.sent++;
    },
  };
  return sender;
}

const queuedMail = async () =>
  (
    await executeRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from mail_outbox where status = 'queued'`,
    )
  )[0]!.n;

describe('GET /metrics: who may read it', () => {
  it('is not served with neither METRICS_TOKEN nor METRICS_PORT (404)', async () => {
    const app = await t.buildTestApp();
    expect(app.metrics).toBeNull();
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('fieldhouse_');
  });

  it('asks for the bearer token (401 without it or with another), and answers with it', async () => {
    const app = await t.buildTestApp(withToken(TOKEN));
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', TOKEN, `Basic ${TOKEN}`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('fieldhouse_');
    }
    expect(await scrape(app)).toContain('fieldhouse_http_request_duration_seconds');
    // Not part of the documented API.
    const spec = app.swagger() as { paths: Record<string, unknown> };
    expect(spec.paths['/metrics']).toBeUndefined();
  });

  it('with ADMIN_URL answers on the console host only: 404 on a member site host, token or not', async () => {
    const app = await t.buildTestApp({
      ...withToken(TOKEN),
      siteUrls: {
        bookings: 'https://bookings.example.test',
        account: 'https://account.example.test',
        join: 'https://join.example.test',
      },
      adminUrl: 'https://staff.example.test',
    });
    for (const host of ['bookings.example.test', 'account.example.test', 'BOOKINGS.example.test:443']) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: { ...bearer, host } });
      expect(response.statusCode, host).toBe(404);
      expect(response.body).not.toContain('fieldhouse_');
    }
    const consoleHost = { host: 'staff.example.test' };
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: consoleHost })).statusCode).toBe(401);
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { ...bearer, ...consoleHost } });
    expect(ok.statusCode).toBe(200);
  });

  it('with METRICS_PORT answers on that port only, asking for the token when it is set', async () => {
    const app = await t.buildTestApp(withToken(TOKEN, { port: 0 }));
    // Not on the server's own port then.
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).statusCode).toBe(404);
    const port = await app.metrics!.listen('127.0.0.1');
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: bearer })).status).toBe(404);
    const response = await fetch(url, { headers: bearer });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('fieldhouse_job_queue_ready');
  });
});

describe('GET /metrics: the series move during a booking burst', () => {
  it('counts requests by route, checkouts, bookings, mail and the job queue', async () => {
    const sender = fakeSender();
    const app = await t.buildTestApp(withToken(TOKEN), {
      mailSender: sender,
      jobs: { start: true, workers: false },
    });
    const before = await scrape(app);
    const route = { method: 'POST', route: '/api/checkout/complete', status_code: '200' };
    const completed = { channel: 'online', outcome: 'completed' };
    const count = (text: string, name: string, labels: Record<string, string> = {}) => {
      try {
        return sample(text, name, labels);
      } catch {
        return 0; // not yet counted in this process
      }
    };

    // Three members each book a session and pay by card, through the API.
    const members: Session[] = [];
    for (let i = 0; i < 3; i++)
      members.push((await createLoggedInCustomer(app, t.db, { clientId: client.id })).session);
    for (const member of members) {
      const { session } = await createSession(t.db, {
        venueId: venue.id,
        startsAt: new Date(Date.now() + 30 * 3_600_000),
        price: 900,
      });
      const added = await app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: member.headers,
        payload: { items: [{ id: session.id, type: 'activity' }] },
      });
      expect(added.statusCode, added.body).toBe(200);
      const done = await app.inject({
        method: 'POST',
        url: '/api/checkout/complete',
        headers: member.headers,
        payload: {
          terms: true,
          cart_version: added.json().data.version,
          payment_method: { type: 'token', token: await cardToken(app) },
        },
      });
      expect(done.json().data.status, done.body).toBe('completed');
    }
    // A stale basket version: a conflict.
    const stale = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: members[0]!.headers,
      payload: { terms: true, cart_version: 999, payment_method: { type: 'token', token: 'tok_x' } },
    });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);

    const after = await scrape(app);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      count(after, name, labels) - count(before, name, labels);
    expect(delta('fieldhouse_http_request_duration_seconds_count', route)).toBe(3);
    expect(delta('fieldhouse_http_request_duration_seconds_count', { route: '/api/cart/add' })).toBe(3);
    expect(delta('fieldhouse_checkouts_total', completed)).toBe(3);
    expect(delta('fieldhouse_checkouts_total', { channel: 'online' })).toBe(4);
    expect(delta('fieldhouse_bookings_total')).toBe(3);
    // No route ever carries a raw URL (ids, query strings).
    expect(after).not.toMatch(/route="[^"]*(\d{2,}|\?)/);

    // The confirmations wait in the outbox (not dispatched yet): the gauge is the table's count.
    const queued = await queuedMail();
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'fieldhouse_mail_outbox_messages', { status: 'queued' })).toBe(queued);
    expect(sample(after, 'fieldhouse_mail_outbox_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(0);
    const database = t.database.kind;
    expect(sample(after, 'fieldhouse_db_pool_max_connections', { database })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'fieldhouse_db_pool_waiting_requests', { database })).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'fieldhouse_metrics_database_up', { source: 'jobs' })).toBe(1);
    expect(sample(after, 'fieldhouse_metrics_database_up', { source: 'mail' })).toBe(1);

    // Dispatched: one delivery job each, due now.
    expect(await dispatchQueuedMail(app.db, app.jobs)).toBe(queued);
    const dispatched = await scrape(app);
    const queue = { queue: MAIL_DELIVERY_JOB };
    expect(sample(dispatched, 'fieldhouse_job_queue_ready', queue)).toBe(queued);
    expect(sample(dispatched, 'fieldhouse_job_queue_oldest_ready_age_seconds', queue)).toBeGreaterThanOrEqual(
      0,
    );

    // Delivered, one refused by the SMTP server (retried later: deferred).
    sender.failNext(1);
    await app.jobs.runDueJobs();
    const delivered = await scrape(app);
    const since = (name: string, labels: Record<string, string> = {}) =>
      count(delivered, name, labels) - count(dispatched, name, labels);
    expect(since('fieldhouse_mail_delivered_total')).toBe(queued - 1);
    expect(since('fieldhouse_provider_errors_total', { provider: 'mail', operation: 'send' })).toBe(1);
    expect(sample(delivered, 'fieldhouse_job_queue_ready', queue)).toBe(0);
    expect(sample(delivered, 'fieldhouse_job_queue_deferred', queue)).toBe(1);
    expect(sample(delivered, 'fieldhouse_mail_outbox_messages', { status: 'queued' })).toBe(1);
  });

  it('reads the database gauges at most once per METRICS_CACHE_SECONDS', async () => {
    const app = await t.buildTestApp(withToken(TOKEN, { cacheSeconds: 60 }));
    const first = sample(await scrape(app), 'fieldhouse_mail_outbox_messages', { status: 'queued' });
    await queueMail(t.db, { kind: 'test', to: 'a@example.test', subject: 'Hello', text: 'Hello' });
    const cached = await scrape(app);
    expect(sample(cached, 'fieldhouse_mail_outbox_messages', { status: 'queued' })).toBe(first);
  });

  it('counts provider errors: card, direct debit and geocoding', async () => {
    const app = await t.buildTestApp(
      { ...withToken(TOKEN), geocoder: { name: 'postcodes_io', postcodesIoUrl: 'http://127.0.0.1:9' } },
      {
        // A checkout whose charge throws answers 500 and logs an error: this app logs nowhere.
        logger: false,
        wrapPaymentProvider: (provider) =>
          Object.assign(Object.create(provider) as typeof provider, {
            charge: async () => {
              throw new Error('connect ECONNREFUSED (card provider down)');
            },
          }),
        wrapDirectDebitProvider: (provider) =>
          Object.assign(Object.create(provider) as typeof provider, {
            cancelMandate: async () => {
              throw new Error('GoCardless timed out');
            },
          }),
      },
    );
    const before = await scrape(app);
    const errors = (text: string, provider: string) => {
      try {
        return sample(text, 'fieldhouse_provider_errors_total', { provider });
      } catch {
        return 0;
      }
    };

    const { session: member } = await createLoggedInCustomer(app, t.db, { clientId: client.id });
    const { session } = await createSession(t.db, {
      venueId: venue.id,
      startsAt: new Date(Date.now() + 30 * 3_600_000),
      price: 500,
    });
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: member.headers,
      payload: { items: [{ id: session.id, type: 'activity' }] },
    });
    const failed = await app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: member.headers,
      payload: {
        terms: true,
        cart_version: added.json().data.version,
        payment_method: { type: 'token', token: await cardToken(app) },
      },
    });
    expect(failed.statusCode).toBe(500);
    await expect(app.directDebit.cancelMandate('MD-1')).rejects.toThrow('GoCardless timed out');
    // postcodes.io unreachable: the offline gazetteer answers, and the failure is counted.
    const places = await app.inject({ method: 'GET', url: '/api/geocoding', query: { q: 'Leeds' } });
    expect(places.statusCode).toBe(200);

    const after = await scrape(app);
    expect(errors(after, 'card') - errors(before, 'card')).toBe(1);
    expect(errors(after, 'direct_debit') - errors(before, 'direct_debit')).toBe(1);
    expect(errors(after, 'geocoding') - errors(before, 'geocoding')).toBe(1);
    const outcome = { channel: 'online', outcome: 'error' };
    expect(sample(after, 'fieldhouse_checkouts_total', outcome)).toBeGreaterThanOrEqual(1);
  });
});

describe('SMTP_URL unset in production', () => {
  type LogLine = { level: number; msg: string };
  const capture = () => {
    const lines: LogLine[] = [];
    return {
      lines,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
    };
  };

  it('warns at start and shows a mail warning on the readiness detail, still ready', async () => {
    const log = capture();
    const app = await t.buildTestApp({ production: true }, { mailSender: null, logger: log.logger });
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 40, msg: MAIL_ONLY_QUEUED }));
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        status: 'ready',
        checks: [
          { name: 'database', status: 'ok', ms: expect.any(Number) },
          { name: 'mail', status: 'warning', ms: expect.any(Number), detail: MAIL_ONLY_QUEUED },
        ],
      },
    });
  });

  it('says nothing with a mail sender, or outside production', async () => {
    for (const [production, mailSender] of [
      [true, fakeSender()],
      [false, null],
    ] as const) {
      const log = capture();
      const app = await t.buildTestApp({ production }, { mailSender, logger: log.logger });
      expect(log.lines.filter((l) => l.msg === MAIL_ONLY_QUEUED)).toEqual([]);
      const checks = (await app.inject({ method: 'GET', url: '/api/health/ready' })).json().data.checks;
      expect(checks.map((c: { name: string }) => c.name)).toEqual(['database']);
    }
  });
});
