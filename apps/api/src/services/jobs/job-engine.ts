import { sql } from 'drizzle-orm';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  type JobWithMetadata,
  type PgBoss,
  type Queue,
} from 'pg-boss';
import type { Tx } from '../../db/client.ts';
import { createBoss, queueOptions } from './boss.ts';
import type { JobContext, JobEngine, JobEngineOptions, JobHandler, WorkOptions } from './job-types.ts';

export { DEFAULT_SUPERVISE_INTERVAL_SECONDS, installJobSchema } from './boss.ts';
export {
  JOB_SCHEMA,
  type JobContext,
  type JobEngine,
  type JobEngineOptions,
  type JobHandler,
  type JobRecord,
  type SendOptions,
  type WorkOptions,
} from './job-types.ts';

type Registered = { options: WorkOptions; handler: JobHandler<object> };
type Poller = {
  name: string;
  intervalMs: number;
  fn: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  busy?: boolean;
};

/** Whether a stored queue already has the retry options `updateQueue` would set. */
const sameRetryOptions = (
  stored: Queue,
  wanted: Omit<ReturnType<typeof queueOptions>, 'retryDelayMax'> & { retryDelayMax: number | null },
) =>
  stored.retryLimit === wanted.retryLimit &&
  stored.retryDelay === wanted.retryDelay &&
  stored.retryBackoff === wanted.retryBackoff &&
  (stored.retryDelayMax ?? null) === wanted.retryDelayMax &&
  stored.expireInSeconds === wanted.expireInSeconds;

const errorOutput = (err: unknown) => ({ message: err instanceof Error ? err.message : String(err) });

/** pg-boss statements run through the caller's Drizzle transaction (both engines). */
const inTransaction = (tx: Tx) => fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);

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

  /**
   * Makes the queue when it is missing and brings its retry options to the registered ones when they differ. A
   * restart finds every queue as it left it (`stored`, all read in one statement), so it makes neither call: on
   * PGlite they were four statements a queue, about 40 ms of a 1.1 s start-up (issue 12).
   */
  const installQueue = async (b: PgBoss, name: string, entry: Registered, stored: Queue | undefined) => {
    const opts = queueOptions(entry.options);
    const wanted = { ...opts, retryDelayMax: opts.retryDelayMax ?? null };
    // The policy is set once, at creation (pg-boss refuses to change it).
    if (!stored) await b.createQueue(name, { ...opts, policy: entry.options.policy ?? 'standard' });
    if (!stored || !sameRetryOptions(stored, wanted)) await b.updateQueue(name, wanted);
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
      const stored = registered.size ? await b.getQueues([...registered.keys()]) : [];
      for (const [name, entry] of registered)
        await installQueue(
          b,
          name,
          entry,
          stored.find((q) => q.name === name),
        );
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
      if (boss && running) await installQueue(boss, name, entry, (await boss.getQueues([name]))[0]);
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
