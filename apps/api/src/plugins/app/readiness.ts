import fp from 'fastify-plugin';

export type ReadinessCheckStatus = 'ok' | 'warning' | 'failed' | 'timeout';
export type ReadinessResult = {
  /** 'shutting_down' from the moment the app starts closing (a load balancer then stops sending). */
  status: 'ready' | 'not_ready' | 'shutting_down';
  checks: { name: string; status: ReadinessCheckStatus; ms: number; detail?: string }[];
};
/** A check passes by resolving; resolving with `{ warning }` passes too, shown as a warning with that detail. */
type CheckRun = () => Promise<void> | Promise<{ warning: string }>;
type Check = { name: string; run: CheckRun; timeoutMs: number };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a check to `GET /api/health/ready`: it passes when the promise resolves within `timeoutMs`
     * (default 2 s). Register from a plugin (the job engine adds its own); checks run in parallel. Resolving with
     * `{ warning }` keeps the process ready and shows the check as a warning with that detail.
     */
    addReadinessCheck: (name: string, run: CheckRun, options?: { timeoutMs?: number }) => void;
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
  let detail: string | undefined;
  try {
    const outcome = await Promise.race([check.run(), timeout]);
    if (outcome === 'timeout') status = 'timeout';
    else if (outcome && 'warning' in outcome) {
      status = 'warning';
      detail = outcome.warning;
    } else status = 'ok';
  } catch (err) {
    status = 'failed';
    log.warn({ check: check.name, err }, 'Readiness check failed');
  } finally {
    clearTimeout(timer);
  }
  if (status === 'timeout')
    log.warn({ check: check.name, timeoutMs: check.timeoutMs }, 'Readiness check timed out');
  return {
    name: check.name,
    status,
    ms: Math.round(performance.now() - started),
    ...(detail === undefined ? {} : { detail }),
  };
}

/** Readiness checks (the database's first) and the shutting-down state behind `GET /api/health/ready`. */
export default fp(
  async (app) => {
    const checks: Check[] = [];
    let shuttingDown = false;
    app.decorate('addReadinessCheck', (name: string, run: CheckRun, options: { timeoutMs?: number } = {}) => {
      if (checks.some((c) => c.name === name))
        throw new Error(`Readiness check '${name}' is already registered`);
      checks.push({ name, run, timeoutMs: options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS });
    });
    app.decorate('checkReadiness', async (): Promise<ReadinessResult> => {
      if (shuttingDown) return { status: 'shutting_down', checks: [] };
      const results = await Promise.all(checks.map((check) => runCheck(check, app.log)));
      const passed = results.every((r) => r.status === 'ok' || r.status === 'warning');
      return { status: passed ? 'ready' : 'not_ready', checks: results };
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
