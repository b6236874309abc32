import fp from 'fastify-plugin';
import { registerScheduledChanges, requestScheduledChanges } from '../../services/scheduled-changes/index.ts';

export type ScheduledChangesPluginOptions = {
  /**
   * Run the scheduled changes (membership starts and ends, freezes, payment dates, direct-debit collections, waitlist
   * and guest-pass expiry, document reminders: docs/decisions/032) on the job engine, on their schedules and
   * (`runAtStart`) once when the app is ready. main.ts turns it on; tests opt in or call the run functions directly.
   */
  scheduledChanges?: { runAtStart: boolean };
};

export default fp<ScheduledChangesPluginOptions>(
  async (app, opts) => {
    const options = opts.scheduledChanges;
    if (!options) return;
    await registerScheduledChanges(app.jobs, {
      db: app.db,
      log: app.log,
      now: app.now,
      accountUrl: app.config.siteUrls?.account ?? null,
      directDebit: app.directDebit,
    });
    if (options.runAtStart)
      // After the engine's own onReady (registered first), so it is running wherever it was asked to start.
      app.addHook('onReady', async () => {
        if (app.jobs.isRunning()) await requestScheduledChanges(app.jobs, app.log);
      });
  },
  { name: 'app-scheduled-changes', dependencies: ['app-jobs', 'app-mail', 'app-direct-debit'] },
);
