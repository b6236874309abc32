import fp from 'fastify-plugin';
import { createJobEngine, type JobEngine, type JobEngineOptions } from '../../services/jobs/job-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine (pg-boss). Job types register with `app.jobs.work(...)`; it runs only when started. */
    jobs: JobEngine;
  }
}

export type JobsPluginOptions = {
  /**
   * Start the engine when the app is ready (main.ts does; tests opt in) and stop it on close. Options other than
   * `start` go to createJobEngine (a TestClock, background workers off, ...).
   */
  jobs?: { start: boolean } & Partial<Pick<JobEngineOptions, 'clock' | 'workers' | 'pollingIntervalSeconds'>>;
};

/** Decorates `app.jobs`; on close the engine stops first, before the onClose hooks close the sender and database. */
export default fp<JobsPluginOptions>(
  async (app, opts) => {
    const { start = false, ...engineOptions } = opts.jobs ?? {};
    const engine = createJobEngine({
      database: app.database,
      log: app.log,
      superviseIntervalSeconds: app.config.jobSuperviseIntervalSeconds,
      ...engineOptions,
    });
    app.decorate('jobs', engine);
    if (start) {
      app.addHook('onReady', async () => engine.start());
      // Readiness (GET /api/health/ready) includes the engine wherever it runs: it must be started and reach its schema.
      app.addReadinessCheck('jobs', () => engine.check());
    }
    // preClose: jobs in progress finish (up to 10 s) while the mail sender and the database are still open.
    app.addHook('preClose', async () => engine.stop());
  },
  { name: 'app-jobs', dependencies: ['app-db', 'app-readiness'] },
);
