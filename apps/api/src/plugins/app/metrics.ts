import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_ERROR_TEXTS } from '@fieldhouse/contract';
import {
  frontOfHouseCheckout,
  completeCheckout as onlineCheckout,
} from '@fieldhouse/contract/routes/checkout';
import { payDeskBasket } from '@fieldhouse/contract/routes/staff-desk-basket';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry } from 'prom-client';
import { executeRows } from '../../db/references.ts';
import {
  type CheckoutOutcome,
  checkouts,
  collectProcessDefaults,
  httpRequestDuration,
  processMetrics,
} from '../../lib/metrics.ts';
import { JOB_SCHEMA } from '../../services/jobs/job-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /metrics's text (Prometheus exposition format); null when metrics are off (decision 066). */
    metrics: {
      render: () => Promise<string>;
      contentType: string;
      /**
       * METRICS_PORT: starts the listener of its own (on `host`) answering only GET /metrics, with the token when
       * METRICS_TOKEN is set; closed with the app. Resolves with its port. main.ts calls it after the app listens.
       */
      listen: (host: string) => Promise<number>;
    } | null;
  }
}

export const METRICS_PATH = '/metrics';

/** The checkout calls, counted by channel and outcome (their replies, not the service's insides). */
const CHECKOUT_CHANNELS = new Map<string, 'online' | 'desk'>([
  [`${onlineCheckout.method} ${onlineCheckout.path}`, 'online'],
  [`${frontOfHouseCheckout.method} ${frontOfHouseCheckout.path}`, 'online'],
  [`${payDeskBasket.method} ${payDeskBasket.path}`, 'desk'],
]);

const failedOutcome = (status: number): CheckoutOutcome =>
  status === 402 ? 'declined' : status === 409 ? 'conflict' : status >= 500 ? 'error' : 'refused';

/**
 * The gauges read from the database, the same from any process: job queues (pg-boss's live jobs, through its
 * `job_i14` index on live states) and the mail outbox (through `mail_outbox_status_idx`). Each is one grouped
 * statement; a process reads them at most once per METRICS_CACHE_SECONDS however often it is scraped.
 */
function databaseGauges(app: FastifyInstance, cacheSeconds: number) {
  const registry = new Registry();
  const registers = [registry];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const queue = ['queue'] as const;
  const jobsReady = gauge('fieldhouse_job_queue_ready', 'Jobs due to run and waiting for a worker', queue);
  const jobsDeferred = gauge(
    'fieldhouse_job_queue_deferred',
    'Jobs waiting for a later start (a retry delay, a scheduled time)',
    queue,
  );
  const jobsActive = gauge('fieldhouse_job_queue_active', 'Jobs running now', queue);
  const jobsFailed = gauge(
    'fieldhouse_job_queue_failed',
    'Jobs that failed for good, kept until pg-boss deletes them',
    queue,
  );
  const jobsOldest = gauge(
    'fieldhouse_job_queue_oldest_ready_age_seconds',
    'How long the oldest job due to run has waited (0: none waiting)',
    queue,
  );
  const mail = gauge('fieldhouse_mail_outbox_messages', 'Mail in the outbox by status (queued, failed)', [
    'status',
  ] as const);
  const mailOldest = gauge(
    'fieldhouse_mail_outbox_oldest_queued_age_seconds',
    'How long the oldest queued mail has waited (0: none queued)',
  );
  const up = gauge('fieldhouse_metrics_database_up', 'Whether the last read of a database gauge worked', [
    'source',
  ] as const);
  const readAt = gauge(
    'fieldhouse_metrics_database_read_timestamp_seconds',
    'When this process last read the database gauges (they are cached for METRICS_CACHE_SECONDS)',
  );
  // The app's own database connections (not cached: read from the pool itself).
  const pool = ['database'] as const;
  const poolMax = gauge('fieldhouse_db_pool_max_connections', 'The connections the pool may open', pool);
  const poolInUse = gauge('fieldhouse_db_pool_connections_in_use', 'Connections running a query', pool);
  const poolIdle = gauge('fieldhouse_db_pool_connections_idle', 'Open connections not in use', pool);
  const poolWaiting = gauge(
    'fieldhouse_db_pool_waiting_requests',
    'Queries waiting for a connection (PGlite: for its one connection)',
    pool,
  );

  const readJobs = async () => {
    const rows = await executeRows<{
      queue: string;
      ready: number;
      deferred: number;
      active: number;
      failed: number;
      oldest: number;
    }>(
      app.db,
      sql.raw(`
        select q.name as queue,
          count(j.id) filter (where j.state < 'active' and not j.blocked and j.start_after <= now())::int as ready,
          count(j.id) filter (where j.state < 'active' and (j.blocked or j.start_after > now()))::int as deferred,
          count(j.id) filter (where j.state = 'active')::int as active,
          count(j.id) filter (where j.state = 'failed')::int as failed,
          coalesce(extract(epoch from now() - min(greatest(j.created_on, j.start_after))
            filter (where j.state < 'active' and not j.blocked and j.start_after <= now())), 0)::float8 as oldest
        from ${JOB_SCHEMA}.queue q
        left join ${JOB_SCHEMA}.job j
          on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
        group by q.name`),
    );
    for (const g of [jobsReady, jobsDeferred, jobsActive, jobsFailed, jobsOldest]) g.reset();
    for (const r of rows) {
      jobsReady.set({ queue: r.queue }, r.ready);
      jobsDeferred.set({ queue: r.queue }, r.deferred);
      jobsActive.set({ queue: r.queue }, r.active);
      jobsFailed.set({ queue: r.queue }, r.failed);
      jobsOldest.set({ queue: r.queue }, Math.max(0, r.oldest));
    }
  };
  const readMail = async () => {
    const [row] = await executeRows<{ queued: number; failed: number; oldest: number }>(
      app.db,
      sql`select count(*) filter (where status = 'queued')::int as queued,
            count(*) filter (where status = 'failed')::int as failed,
            coalesce(extract(epoch from now() - min(created_at) filter (where status = 'queued')), 0)::float8
              as oldest
          from mail_outbox where status in ('queued', 'failed')`,
    );
    mail.set({ status: 'queued' }, row?.queued ?? 0);
    mail.set({ status: 'failed' }, row?.failed ?? 0);
    mailOldest.set(Math.max(0, row?.oldest ?? 0));
  };
  const read = async (source: string, fn: () => Promise<void>) => {
    try {
      await fn();
      up.set({ source }, 1);
    } catch (err) {
      up.set({ source }, 0);
      app.log.warn({ err, source }, 'Metrics: reading a database gauge failed');
    }
  };

  let readAtMs = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;
  const refresh = async () => {
    const database = app.database.kind;
    const stats = app.database.poolStats();
    poolMax.set({ database }, stats.max);
    poolInUse.set({ database }, stats.inUse);
    poolIdle.set({ database }, stats.idle);
    poolWaiting.set({ database }, stats.waiting);
    if (performance.now() - readAtMs < cacheSeconds * 1000) return;
    // Scrapes arriving together share one read.
    reading ??= Promise.all([read('jobs', readJobs), read('mail', readMail)])
      .then(() => {
        readAtMs = performance.now();
        readAt.set(Date.now() / 1000);
      })
      .finally(() => {
        reading = null;
      });
    await reading;
  };
  return { registry, refresh };
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(header: string | undefined, token: string) {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

const UNAUTHORISED = { message: DEFAULT_ERROR_TEXTS.forbidden };

/**
 * Prometheus metrics (decision 066, docs/monitoring.md). Off unless METRICS_TOKEN or METRICS_PORT is set: then every
 * request is timed by route pattern, the checkout calls are counted by outcome, and GET /metrics answers:
 * - with METRICS_PORT, on that port only (`listenForMetrics`, started by main.ts), asking for the token when set;
 * - else on the server's own port with `Authorization: Bearer <METRICS_TOKEN>` (401 without it), and with ADMIN_URL
 *   set on the console's host only (404 on the member sites' hosts, as the staff API).
 * Outside /api and the OpenAPI document: it is for a scraper, not a client of the API.
 */
export default fp(
  async (app) => {
    const { token, port, cacheSeconds } = app.config.metrics;
    const notFound = (reply: FastifyReply) => reply.code(404).send({ message: DEFAULT_ERROR_TEXTS.notFound });
    if (!token && port === null) {
      app.decorate('metrics', null);
      // Off: a plain 404 (not a site's page from the catch-all).
      app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => notFound(reply));
      return;
    }
    collectProcessDefaults();
    const gauges = databaseGauges(app, cacheSeconds);
    const render = async () => {
      await gauges.refresh();
      return (await processMetrics.metrics()) + (await gauges.registry.metrics());
    };
    let server: http.Server | null = null;
    app.decorate('metrics', {
      contentType: processMetrics.contentType,
      render,
      listen: async (host: string) => {
        if (port === null) throw new Error('METRICS_PORT is not set');
        server = metricsServer(app, render, token);
        const listening = server;
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject);
          listening.listen(port, host, () => resolve());
        });
        return (listening.address() as AddressInfo).port;
      },
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (!listening) return;
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    });

    app.addHook('onResponse', (request, reply, done) => {
      httpRequestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const channel = methods.map((m) => CHECKOUT_CHANNELS.get(`${m} ${route.url}`)).find(Boolean);
      if (!channel) return;
      const asList = <T>(hooks: T | T[] | undefined) => (hooks === undefined ? [] : ([hooks].flat() as T[]));
      route.preSerialization = [
        ...asList(route.preSerialization),
        (
          _request: FastifyRequest,
          reply: FastifyReply,
          payload: unknown,
          done: (err: null, p: unknown) => void,
        ) => {
          const status = (payload as { data?: { status?: unknown } } | null)?.data?.status;
          if (reply.statusCode < 300 && (status === 'completed' || status === 'requires_action'))
            checkouts.inc({ channel, outcome: status });
          done(null, payload);
        },
      ] as RouteOptions['preSerialization'];
      route.onResponse = [
        ...asList(route.onResponse),
        (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
          if (reply.statusCode >= 400) checkouts.inc({ channel, outcome: failedOutcome(reply.statusCode) });
          done();
        },
      ] as RouteOptions['onResponse'];
    });

    const consoleHost = app.config.adminUrl ? new URL(app.config.adminUrl) : null;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (port !== null) return notFound(reply); // served on its own port only
      const host = (request.headers.host ?? '').toLowerCase();
      if (
        consoleHost &&
        host !== consoleHost.host.toLowerCase() &&
        host.replace(/:\d+$/, '') !== consoleHost.hostname.toLowerCase()
      )
        return notFound(reply);
      if (!hasToken(request.headers.authorization, token!))
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(UNAUTHORISED);
      const text = await app.metrics!.render();
      return reply.header('cache-control', 'no-store').type(app.metrics!.contentType).send(text);
    });
  },
  { name: 'app-metrics', dependencies: ['app-db'] },
);

/** METRICS_PORT's listener: GET /metrics only, with the token when METRICS_TOKEN is set. */
function metricsServer(app: FastifyInstance, render: () => Promise<string>, token: string | null) {
  return http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'cache-control': 'no-store', 'content-type': 'text/plain', ...headers });
      response.end(body);
    };
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return answer(404, 'Not found\n');
    if (token && !hasToken(request.headers.authorization, token))
      return answer(401, 'Unauthorised\n', { 'www-authenticate': 'Bearer realm="metrics"' });
    render().then(
      (text) => answer(200, text, { 'content-type': processMetrics.contentType }),
      (err: unknown) => {
        app.log.error({ err }, 'Metrics: rendering failed');
        answer(500, 'Failed\n');
      },
    );
  });
}
