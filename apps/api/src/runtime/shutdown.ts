import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

export type ShutdownOptions = {
  app: Pick<FastifyInstance, 'close' | 'log'>;
  database: Pick<Database, 'close'>;
  /** Stops background work (mail delivery, jobs) before the app closes. */
  stopBackground?: () => void | Promise<void>;
  /** After this, the process exits with code 1 even if requests are still running. */
  timeoutMs: number;
  exit?: (code: number) => void;
};

/**
 * Closes gracefully: readiness turns 503 'shutting down' and new connections are refused at once (app.close),
 * in-flight requests finish, then the database closes and the process exits 0. Past `timeoutMs` it exits 1.
 */
export async function shutdownGracefully(reason: string, options: ShutdownOptions): Promise<void> {
  const { app, database, stopBackground, timeoutMs, exit = (code) => process.exit(code) } = options;
  app.log.info({ reason, timeoutSeconds: timeoutMs / 1000 }, 'Shutting down: finishing requests in flight');
  const timer = setTimeout(() => {
    app.log.warn(
      { timeoutSeconds: timeoutMs / 1000 },
      'Requests still running at the shutdown timeout; exiting',
    );
    exit(1);
  }, timeoutMs);
  timer.unref();
  try {
    await stopBackground?.();
    await app.close();
    await database.close();
    clearTimeout(timer);
    app.log.info('Shut down');
    exit(0);
  } catch (err) {
    clearTimeout(timer);
    app.log.error({ err }, 'Shutdown failed');
    exit(1);
  }
}

/** SIGTERM (process managers, containers) and SIGINT (Ctrl-C) shut down gracefully, once. */
export function shutdownOnSignals(options: ShutdownOptions) {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    void shutdownGracefully(signal, options);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
