import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  type JobWithMetadata,
  PgBoss,
} from 'pg-boss';
import type { Database, Tx } from '../../db/client.ts';
import { createPgliteAdapter } from './pglite-adapter.ts';

/** pg-boss keeps its tables in this schema, beside ours (created and migrated by pg-boss itself). */
export const JOB_SCHEMA = 'pgboss';

/** What a handler gets: the job's data and which attempt this is (1-based) out of how many. */
export type JobContext<T> = {
  id: string;
  name: string;
  data: T;
  attempt: number;
  maxAttempts: number;
  /** True when a failure now fails the job for good (no retry left). */
  isLastAttempt: boolean;
};

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

/** Per job type: how failures are retried and how long an attempt may run. */
export type WorkOptions = {
  /** Retries after the first attempt (pg-boss retryLimit). Default 2. */
  retryLimit?: number;
  /** Seconds before the first retry (pg-boss retryDelay). Default 30. */
  retryDelaySeconds?: number;
  /** Double the delay each retry, with jitter: delay × 2^n … 2 × delay × 2^n (pg-boss retryBackoff). Default true. */
  retryBackoff?: boolean;
  /** Cap on one retry delay, in seconds. */
  retryDelayMaxSeconds?: number;
  /** An attempt running longer than this is treated as crashed and retried. Default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs fetched at once by one worker; they run concurrently, each settled on its own. Default 5. */
  batchSize?: number;
  /** Workers polling for this type in this process. Default 1. */
  concurrency?: number;
};

export type SendOptions = {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** pg-boss singleton key (deduplication per queue policy; a label otherwise). */
  singletonKey?: string;
  /** Enqueue inside the caller's transaction: the job exists only if it commits. */
  tx?: Tx;
};

export type JobEngineOptions = {
  database: Database;
  log: FastifyBaseLogger;
  /** A pg-boss Clock (tests pass a `TestClock` to move time by hand). */
  clock?: Clock;
  /** Poll for jobs in the background (default true). Tests may turn it off and call `runDueJobs()`. */
  workers?: boolean;
  /** How often each worker polls for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * How often jobs whose attempt outlived `expireInSeconds` (their process died) are failed and so retried
   * (JOB_SUPERVISE_INTERVAL_SECONDS, default 15; pg-boss's own default is 60).
   */
  superviseIntervalSeconds?: number;
  /** Extra pg-boss constructor options (tests). */
  boss?: Partial<ConstructorOptions>;
};

export type JobRecord = Pick<JobWithMetadata, 'id' | 'name' | 'state' | 'retryCount' | 'startAfter' | 'data'>;

export type JobEngine = {
  /** Installs or migrates the pg-boss schema (under pg-boss's advisory lock), creates the queues, starts workers. */
  start(): Promise<void>;
  /** Stops pollers and workers, waiting up to 10 s for jobs in progress. */
  stop(): Promise<void>;
  isRunning(): boolean;
  /** Throws when the engine is not running or cannot read its schema (for readiness checks). */
  check(): Promise<void>;
  /** Registers a job type: its queue (retry options) and its handler. Call before or after start(). */
  work<T extends object>(name: string, options: WorkOptions, handler: JobHandler<T>): Promise<void>;
  /** Queues one job; resolves to its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** Queues several jobs of one type at once (one statement). */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; singletonKey?: string; startAfter?: Date }[],
    options?: Pick<SendOptions, 'tx'>,
  ): Promise<void>;
  /** Makes this process's workers for `name` fetch now (e.g. after a transaction that queued jobs commits). */
  wake(name: string): void;
  /**
   * Sends a job of type `name` on a cron expression (pg-boss schedule, stored in the database: one job per
   * occurrence whatever the number of processes). Call before or after start(); register the type with work().
   */
  schedule<T extends object>(
    name: string,
    cron: string,
    data?: T,
    options?: { tz?: string; key?: string },
  ): Promise<void>;
  /**
   * Runs `fn` every `intervalMs` in this process while the engine runs (never two at once in a process).
   * It runs in every process, so it must be safe to run concurrently (claim rows, e.g. FOR UPDATE SKIP LOCKED).
   */
  poll(name: string, intervalMs: number, fn: () => Promise<unknown>): void;
  /**
   * Test helper: runs every poller once, then every due job of the registered types until none is due (jobs the
   * handlers queue run too); resolves to the number of attempts run. Failures are retried by pg-boss's rules.
   */
  runDueJobs(): Promise<number>;
  /** The jobs of a type (tests, CLI): state, retry count and when the next attempt may start. */
  findJobs(name: string, filter?: { id?: string; data?: object }): Promise<JobRecord[]>;
};

type Registered = { options: WorkOptions; handler: JobHandler<object> };
type Poller = {
  name: string;
  intervalMs: number;
  fn: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  busy?: boolean;
};

function queueOptions(options: WorkOptions) {
  return {
    retryLimit: options.retryLimit ?? 2,
    retryDelay: options.retryDelaySeconds ?? 30,
    retryBackoff: options.retryBackoff ?? true,
    ...(options.retryDelayMaxSeconds ? { retryDelayMax: options.retryDelayMaxSeconds } : {}),
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
  };
}

const errorOutput = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

/** pg-boss statements run through the caller's Drizzle transaction (both engines). */
const inTransaction = (tx: Tx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

/** Builds the pg-boss instance for our database: its own pool on PostgreSQL, the app's PGlite in-process. */
export const DEFAULT_SUPERVISE_INTERVAL_SECONDS = 15;

function createBoss(
  database: Database,
  extra: Partial<ConstructorOptions> = {},
  superviseIntervalSeconds = DEFAULT_SUPERVISE_INTERVAL_SECONDS,
) {
  // Supervision: expired jobs of a process that died are failed, and so retried. pg-boss looks at a queue's expired
  // jobs only in its monitor pass, which runs at most every monitorIntervalSeconds (60 s by default) however often
  // supervision wakes, so both intervals are set.
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
    // The backlog a worker bursts on (work's burstWhenReadyExceeds) is read from this cache.
    queueCacheIntervalSeconds: superviseIntervalSeconds,
    ...extra,
  };
  if (database.kind === 'postgres') {
    if (!database.url)
      throw new Error('The job engine needs the PostgreSQL connection string (database.url)');
    return new PgBoss({
      ...common,
      connectionString: database.url,
      max: 4,
      application_name: 'fieldhouse-jobs',
    });
  }
  if (!database.pglite) throw new Error('The job engine needs the PGlite instance (database.pglite)');
  return new PgBoss({ ...common, backend: 'pglite', db: createPgliteAdapter(database.pglite) });
}

/**
 * Creates the job engine (pg-boss) for a database. Nothing touches the database until `start()`.
 * See apps/api/README.md ("Background jobs") and docs/decisions/015.
 */
export function createJobEngine(options: JobEngineOptions): JobEngine {
  const { log } = options;
  const workers = options.workers ?? true;
  const registered = new Map<string, Registered>();
  const pollers: Poller[] = [];
  const schedules: {
    name: string;
    cron: string;
    data: object | null;
    options: { tz?: string; key?: string };
  }[] = [];
  let boss: PgBoss | null = null;
  let running = false;

  const toContext = (job: JobWithMetadata<object>): JobContext<object> => ({
    id: job.id,
    name: job.name,
    data: job.data,
    attempt: job.retryCount + 1,
    maxAttempts: job.retryLimit + 1,
    isLastAttempt: job.retryCount >= job.retryLimit,
  });

  const requireBoss = () => {
    if (!boss || !running) throw new Error('The job engine is not running');
    return boss;
  };

  const installQueue = async (b: PgBoss, name: string, entry: Registered) => {
    const opts = queueOptions(entry.options);
    await b.createQueue(name, opts);
    await b.updateQueue(name, { ...opts, retryDelayMax: opts.retryDelayMax ?? null });
    if (!workers) return;
    await b.work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: entry.options.batchSize ?? 5,
        // A worker fetches again at once, instead of after the polling interval, while its last fetch was full:
        // for batches of more than one job, when the batch was full; for one job at a time (pg-boss ignores a
        // 'full' batch of one), while the queue's cached backlog (refreshed every supervise interval) is more than
        // one job. An idle queue is polled every pollingIntervalSeconds either way.
        burstWhenBatchFull: true,
        burstWhenReadyExceeds: 1,
        localConcurrency: entry.options.concurrency ?? 1,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      },
      (jobs) =>
        Promise.all(
          jobs.map(async (job) => {
            try {
              await entry.handler(toContext(job as JobWithMetadata<object>));
              return { id: job.id, status: 'completed' as const };
            } catch (err) {
              return { id: job.id, status: 'failed' as const, output: errorOutput(err) };
            }
          }),
        ),
    );
  };

  const runPoller = async (poller: Poller) => {
    if (poller.busy) return;
    poller.busy = true;
    try {
      await poller.fn();
    } catch (err) {
      log.error({ err, poller: poller.name }, 'Job poller failed');
    } finally {
      poller.busy = false;
    }
  };

  const startPoller = (poller: Poller) => {
    if (!workers) return;
    poller.timer = setInterval(() => void runPoller(poller), poller.intervalMs);
    poller.timer.unref();
  };

  const notifyLocalWorkers = (name: string) => {
    if (!boss || !workers) return;
    for (const wip of boss.getWipData()) if (wip.name === name) boss.notifyWorker(wip.id);
  };

  return {
    async start() {
      if (running) return;
      const b = createBoss(
        options.database,
        { ...(options.clock ? { clock: options.clock } : {}), ...options.boss },
        options.superviseIntervalSeconds,
      );
      b.on('error', (err) => log.error({ err }, 'Job engine error'));
      b.on('warning', (warning) => log.warn({ warning }, 'Job engine warning'));
      const started = Date.now();
      await b.start();
      boss = b;
      running = true;
      for (const [name, entry] of registered) await installQueue(b, name, entry);
      for (const s of schedules) await b.schedule(s.name, s.cron, s.data, s.options);
      for (const poller of pollers) startPoller(poller);
      log.info({ ms: Date.now() - started, queues: [...registered.keys()] }, 'Job engine started');
    },

    async stop() {
      if (!boss) return;
      const b = boss;
      running = false;
      for (const poller of pollers) clearInterval(poller.timer);
      while (pollers.some((p) => p.busy)) await new Promise((r) => setTimeout(r, 10));
      await b.stop({ graceful: true, timeout: 10_000, close: true });
      boss = null;
    },

    isRunning: () => running,

    async check() {
      const version = await requireBoss().schemaVersion();
      if (version === null) throw new Error('The job engine schema is missing');
    },

    async work<T extends object>(name: string, workOptions: WorkOptions, handler: JobHandler<T>) {
      if (registered.has(name)) throw new Error(`Job type ${name} is already registered`);
      const entry = { options: workOptions, handler: handler as JobHandler<object> };
      registered.set(name, entry);
      if (boss && running) await installQueue(boss, name, entry);
    },

    async send(name, data, sendOptions = {}) {
      const b = requireBoss();
      const id = await b.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.tx ? { db: inTransaction(sendOptions.tx) } : {}),
      });
      if (!id) throw new Error(`Job ${name} was not queued`);
      if (!sendOptions.tx) notifyLocalWorkers(name);
      return id;
    },

    async sendMany(name, jobs, sendOptions = {}) {
      if (!jobs.length) return;
      await requireBoss().insert(
        name,
        jobs.map((job) => ({
          data: job.data,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        })),
        sendOptions.tx ? { db: inTransaction(sendOptions.tx) } : {},
      );
      if (!sendOptions.tx) notifyLocalWorkers(name);
    },

    wake: (name) => notifyLocalWorkers(name),

    async schedule(name, cron, data, scheduleOptions = {}) {
      const entry = { name, cron, data: data ?? null, options: scheduleOptions };
      schedules.push(entry);
      if (boss && running) await boss.schedule(entry.name, entry.cron, entry.data, entry.options);
    },

    poll(name, intervalMs, fn) {
      const poller: Poller = { name, intervalMs, fn };
      pollers.push(poller);
      if (running) startPoller(poller);
    },

    async runDueJobs() {
      const b = requireBoss();
      for (const poller of pollers) await runPoller(poller);
      let ran = 0;
      for (;;) {
        let fetched = 0;
        for (const [name, entry] of registered) {
          const jobs = await b.fetch<object>(name, { batchSize: 20, includeMetadata: true });
          fetched += jobs.length;
          for (const job of jobs) {
            const attempt = { id: job.id, retryCount: job.retryCount };
            try {
              await entry.handler(toContext(job));
              await b.complete(name, attempt);
            } catch (err) {
              await b.fail(name, attempt, errorOutput(err));
            }
          }
        }
        ran += fetched;
        if (!fetched) return ran;
        if (ran > 10_000) throw new Error('runDueJobs: jobs keep coming due (a retry delay of 0?)');
      }
    },

    async findJobs(name, filter = {}) {
      const jobs = await requireBoss().findJobs<object>(name, {
        ...(filter.id ? { id: filter.id } : {}),
        ...(filter.data ? { data: filter.data } : {}),
      });
      return jobs.map((j) => ({
        id: j.id,
        name: j.name,
        state: j.state,
        retryCount: j.retryCount,
        startAfter: j.startAfter,
        data: j.data,
      }));
    },
  };
}

/**
 * Installs (or migrates) the pg-boss schema and returns: the test templates call it so each test database starts
 * with the schema in place (starting an engine then costs a version check, not the install).
 */
export async function installJobSchema(database: Database) {
  const boss = createBoss(database, { supervise: false, schedule: false, registerInstance: false });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
