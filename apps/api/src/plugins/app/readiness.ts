import fp from 'fastify-plugin';

export type ReadinessCheckStatus = 'ok' | 'failed' | 'timeout';
export type ReadinessResult = {
  /** 'shutting_down' from the moment the app starts closing (a load balancer then stops sending). */
  status: 'ready' | 'not_ready' | 'shutting_down';
  checks: { name: string; status: ReadinessCheckStatus; ms: number }[];
};
type Check = { name: string; run: () => Promise<void>; timeoutMs: number };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a check to `GET /api/health/ready`: it passes when the promise resolves within `timeoutMs`
     * (default 2 s). Register from a plugin (the job engine adds its own); checks run in parallel.
     */
    addReadinessCheck: (name: string, run: () => Promise<void>, options?: { timeoutMs?: number }) => void;
    checkReadiness: () => Promise<ReadinessResult>;
  }
}

export const DEFAULT_CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: Check, log: { warn: (obj: object, msg: string) => void }) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), check.timeoutMs);
  });
  let status: ReadinessCheckStatus;
  try {
    status = (await Promise.race([check.run().then(() => 'ok' as const), timeout])) as ReadinessCheckStatus;
  } catch (err) {
    status = 'failed';
    log.warn({ check: check.name, err }, 'Readiness check failed');
  } finally {
    clearTimeout(timer);
  }
  if (status === 'timeout')
    log.warn({ check: check.name, timeoutMs: check.timeoutMs }, 'Readiness check timed out');
  return { name: check.name, status, ms: Math.round(performance.now() - started) };
}

/** Readiness checks (the database's first) and the shutting-down state behind `GET /api/health/ready`. */
export default fp(
  async (app) => {
    const checks: Check[] = [];
    let shuttingDown = false;
    app.decorate(
      'addReadinessCheck',
      (name: string, run: () => Promise<void>, options: { timeoutMs?: number } = {}) => {
        if (checks.some((c) => c.name === name))
          throw new Error(`Readiness check '${name}' is already registered`);
        checks.push({ name, run, timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS });
      },
    );
    app.decorate('checkReadiness', async (): Promise<ReadinessResult> => {
      if (shuttingDown) return { status: 'shutting_down', checks: [] };
      const results = await Promise.all(checks.map((check) => runCheck(check, app.log)));
      return { status: results.every((r) => r.status === 'ok') ? 'ready' : 'not_ready', checks: results };
    });
    app.addReadinessCheck('database', () => app.database.ping());
    // preClose runs as soon as close() starts, while in-flight requests are still being answered.
    app.addHook('preClose', async () => {
      shuttingDown = true;
    });
    // A request still in flight when the shutdown began ends its keep-alive connection with its reply; otherwise
    // Node keeps that connection open (and close() waiting) until the keep-alive timeout.
    app.addHook('onSend', async (_request, reply) => {
      if (shuttingDown) reply.header('connection', 'close');
    });
  },
  { name: 'app-readiness', dependencies: ['app-db'] },
);
