import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

/**
 * Counters shared by every process of a deployment (rate-limiter-flexible limiters): in the database (table
 * `rate_limits`, one atomic upsert per count, on PGlite and PostgreSQL alike) or in Redis when a URL is given.
 */
export type CounterStore = {
  kind: 'database' | 'redis';
  /** The limiter named `name` (its keys are prefixed with it): `points` per `durationSeconds` (≥ 1). */
  limiter(name: string, options: { points: number; durationSeconds: number }): RateLimiterAbstract;
  close(): Promise<void>;
};

const CLEANUP_EVERY_MS = 5 * 60_000;
/** rate-limiter-flexible's memory store waits with setTimeout, which cannot wait longer than ~24.8 days. */
const MEMORY_MAX_SECONDS = 20 * 86_400;
const REDIS_READY_TIMEOUT_MS = 5_000;

export async function openCounterStore(input: {
  db: Db;
  redisUrl: string | null;
  redisKeyPrefix: string;
  log: FastifyBaseLogger;
}): Promise<CounterStore> {
  const limiters = new Map<string, RateLimiterAbstract>();
  const cached = (name: string, points: number, seconds: number, make: () => RateLimiterAbstract) => {
    const id = `${name}/${points}/${seconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = make();
      limiters.set(id, limiter);
    }
    return limiter;
  };

  if (!input.redisUrl) {
    // The library's own clean-up timer runs per limiter; one timer for the whole table is enough.
    const cleanup = setInterval(() => {
      input.db
        .delete(rateLimits)
        .where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)))
        .catch((err) => input.log.warn({ err }, 'Could not delete expired rate-limit counters'));
    }, CLEANUP_EVERY_MS);
    cleanup.unref();
    return {
      kind: 'database',
      limiter: (name, { points, durationSeconds }) =>
        cached(
          name,
          points,
          durationSeconds,
          () =>
            new RateLimiterDrizzle({
              storeClient: input.db,
              schema: rateLimits,
              keyPrefix: name,
              points,
              duration: durationSeconds,
              clearExpiredByTimeout: false,
            }),
        ),
      close: async () => clearInterval(cleanup),
    };
  }

  // Loaded only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(input.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let healthy = true;
  redis.on('error', (err) => {
    // ioredis reconnects by itself; say so once per outage, not on every retry.
    if (healthy) input.log.warn({ err }, 'Redis is unreachable: rate limits fall back to this process');
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) input.log.info('Redis is back: rate limits are shared again');
    healthy = true;
  });
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no answer')), REDIS_READY_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch {
    // Logged by the error listener (or here when it simply did not answer); ioredis keeps trying.
    if (healthy) input.log.warn('Redis is unreachable: rate limits fall back to this process');
    healthy = false;
  }
  return {
    kind: 'redis',
    limiter: (name, { points, durationSeconds }) =>
      cached(
        name,
        points,
        durationSeconds,
        () =>
          new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: `${input.redisKeyPrefix}${name}`,
            points,
            duration: durationSeconds,
            // While Redis is down, count in this process rather than failing every login.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({
              keyPrefix: name,
              points,
              duration: Math.min(durationSeconds, MEMORY_MAX_SECONDS),
            }),
          }),
      ),
    close: async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
