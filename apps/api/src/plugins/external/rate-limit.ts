import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { TOO_MANY_ATTEMPTS } from '@fieldhouse/contract';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { type CounterStore, openCounterStore } from '../../services/throttle/counter-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters shared by every process (database, or Redis with REDIS_URL): rate limits, login throttling. */
    counters: CounterStore;
  }
}

/**
 * Registered with global: false; routes opt in with `config: { rateLimit: { max, timeWindow } }`. The counts are
 * kept in the shared counter store, so N processes allow the limit once, not N times.
 */
export default fp<{ db: Db }>(
  async (app, opts) => {
    const counters = await openCounterStore({
      db: opts.db,
      redisUrl: app.config.redisUrl,
      redisKeyPrefix: app.config.redisKeyPrefix,
      log: app.log,
    });
    app.decorate('counters', counters);
    app.addHook('onClose', async () => counters.close());

    /** @fastify/rate-limit's store interface over the shared counters; one key space per route. */
    const sharedStore = (route: string): FastifyRateLimitStore => ({
      incr(key, callback, timeWindow, max) {
        counters
          .limiter(`rate:${route}`, {
            points: max,
            durationSeconds: Math.max(1, Math.ceil(timeWindow / 1000)),
          })
          .penalty(key, 1)
          .then(
            (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
            (err) => callback(err instanceof Error ? err : new Error(String(err))),
          );
      },
      child: (options) => {
        // @fastify/rate-limit hands the route over as `routeInfo` (its types omit it).
        const route = (options as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
        return sharedStore(`${String(route?.method ?? '')}${route?.url ?? ''}`);
      },
    });

    await app.register(fastifyRateLimit, {
      global: false,
      store: function SharedStore() {
        return sharedStore('global');
      } as unknown as new () => FastifyRateLimitStore,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
    });
  },
  { name: 'external-rate-limit' },
);
