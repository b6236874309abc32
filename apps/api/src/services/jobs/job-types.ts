import type { FastifyBaseLogger } from 'fastify';
import type { Clock, ConstructorOptions, JobWithMetadata } from 'pg-boss';
import type { Database, Tx } from '../../db/client.ts';

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
  /**
   * pg-boss queue policy, fixed when the queue is created: 'exclusive' keeps at most one job of the type queued or
   * running at a time across processes (a second send is refused: `send` throws 'not queued'). Default 'standard'.
   */
  policy?: 'standard' | 'exclusive';
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
