import fp from 'fastify-plugin';
import {
  registerTimetableGeneration,
  requestTimetableGeneration,
} from '../../services/timetable-rules/index.ts';

export type TimetableGenerationPluginOptions = {
  /**
   * Generate sessions from the weekly timetables on the job engine: daily, and (`runAtStart`) once when the app is
   * ready. main.ts turns it on; tests opt in (their job counts and clocks would otherwise see it).
   */
  timetableGeneration?: { runAtStart: boolean };
};

export default fp<TimetableGenerationPluginOptions>(
  async (app, opts) => {
    const options = opts.timetableGeneration;
    if (!options) return;
    await registerTimetableGeneration(app.jobs, { db: app.db, log: app.log, now: app.now });
    if (options.runAtStart)
      // After the engine's own onReady (registered first), so it is running wherever it was asked to start.
      app.addHook('onReady', async () => {
        if (app.jobs.isRunning()) await requestTimetableGeneration(app.jobs, app.log);
      });
  },
  { name: 'app-timetable-generation', dependencies: ['app-jobs'] },
);
