import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '../db/client.ts';
import { isLoginRefused, rootMessage } from '../db/connection-errors.ts';
import { StartupError } from './startup-error.ts';
import type { StartupLogger } from './startup-log.ts';

export type WaitOptions = {
  timeoutMs: number;
  log: StartupLogger;
  /** First pause between attempts; doubles each time up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Start-up waits for the database to answer (PostgreSQL may still be starting, or failing over), retrying with
 * exponential backoff and one log line per attempt; gives up with a StartupError after `timeoutMs`. A refused
 * login (bad password, unknown role or database) fails at once: waiting will not fix it.
 */
export async function waitForDatabase(database: Pick<Database, 'ping' | 'label'>, options: WaitOptions) {
  const { timeoutMs, log, initialDelayMs = 500, maxDelayMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      if (attempt > 1) log.info({ attempt }, `${database.label} answered`);
      return;
    } catch (err) {
      const reason = rootMessage(err);
      if (isLoginRefused(err)) throw new StartupError(`${database.label} refused the connection: ${reason}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new StartupError(
          `${database.label} did not answer within ${timeoutMs / 1000} s ` +
            `(${attempt} attempts, last: ${reason}); see DATABASE_URL and DATABASE_STARTUP_TIMEOUT_SECONDS`,
        );
      }
      const pause = Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs, remaining);
      log.warn(
        { attempt, reason, retryInMs: pause },
        `Waiting for ${database.label} (attempt ${attempt}): ${reason}`,
      );
      await delay(pause);
    }
  }
}
