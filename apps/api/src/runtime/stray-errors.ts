import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

export type StrayErrorOptions = {
  log: Pick<FastifyBaseLogger, 'error' | 'fatal'>;
  /** Called once when errors come faster than `limit` a minute: the process should shut down gracefully. */
  onTooMany: () => void;
  /** More than this many in `windowMs` and the process is taken to be broken (default 20 a minute). */
  limit?: number;
  windowMs?: number;
  /** The process (tests pass an EventEmitter). */
  target?: Pick<EventEmitter, 'on'>;
};

/**
 * An error thrown outside any request or job — a provider client's retry timer ('The `onCancel` handler was
 * attached after the promise settled', seen from GoCardless's HTTP client after a burst of webhook events), a
 * promise nobody awaited — used to end the process (Node's default), and with it every request in flight on it,
 * on every process at once when a provider misbehaves. Each is now logged with its stack and the process keeps
 * serving: requests and jobs have their own error handling, so what reaches here belongs to none of them. A process
 * that keeps throwing (more than `limit` in `windowMs`) is taken to be broken and shuts down through the graceful
 * path (draining requests, readiness 503), for its process manager to start it again.
 */
export function keepServingOnStrayErrors(options: StrayErrorOptions) {
  const { log, onTooMany, limit = 20, windowMs = 60_000, target = process } = options;
  const recent: number[] = [];
  let gaveUp = false;
  const handle = (kind: 'uncaught_exception' | 'unhandled_rejection') => (err: unknown) => {
    log.error(
      { err, kind },
      'An error outside any request or job (a library timer, a promise nobody awaited): logged, and the process keeps serving',
    );
    const now = Date.now();
    recent.push(now);
    while (recent.length && recent[0]! <= now - windowMs) recent.shift();
    if (recent.length > limit && !gaveUp) {
      gaveUp = true;
      log.fatal(
        { errors: recent.length, windowSeconds: windowMs / 1000 },
        'Errors outside any request keep coming: shutting down gracefully for the process manager to restart',
      );
      onTooMany();
    }
  };
  target.on('uncaughtException', handle('uncaught_exception'));
  target.on('unhandledRejection', handle('unhandled_rejection'));
}
