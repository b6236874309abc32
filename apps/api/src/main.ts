// Only the configuration and its failure report load first: a misconfigured server says why at once, without
// loading the whole app (over a thousand modules) only to stop. Then the database opens while the app loads.
import { loadConfig } from './config.ts';
import { exitOnStartupFailure } from './runtime/exit-on-startup-failure.ts';

async function main() {
  const config = loadConfig();
  // The app's modules load while the database opens (a PostgreSQL connection waits on the network).
  const appModules = Promise.all([import('./app.ts'), import('./runtime/shutdown.ts')]);
  appModules.catch(() => {}); // awaited below; a database failure first must not leave it unhandled
  const { openReadyDatabase } = await import('./runtime/open-database.ts');
  const { createStartupLogger } = await import('./runtime/startup-log.ts');
  const database = await openReadyDatabase(config, createStartupLogger(config.logLevel));
  const [{ buildApp }, { shutdownGracefully, shutdownOnSignals }] = await appModules;
  // The job engine starts when the app is ready (pg-boss installs or migrates its schema under its own lock) and
  // stops first on close, before the mail sender and the database.
  // Sessions are generated from the weekly timetables daily and once now (docs/decisions/029); the scheduled
  // changes (membership start and end dates, freezes, payment dates, expiries, reminders) run on their schedules
  // and once now (docs/decisions/032).
  const app = await buildApp({
    config,
    database,
    jobs: { start: true },
    timetableGeneration: { runAtStart: true },
    scheduledChanges: { runAtStart: true },
  });
  database.setLogger(app.log);

  try {
    if (config.demoMode) {
      // The demo seed (the catalogue file and its YAML parser) loads only in demo mode.
      const [{ seedDemo }, { storeDemoFiles }] = await Promise.all([
        import('./demo/seed.ts'),
        import('./demo/staff.ts'),
      ]);
      const started = Date.now();
      const seeded = await seedDemo(database.db, { now: new Date() });
      if (seeded) {
        await storeDemoFiles(database.db, app.storage);
        app.log.info({ ms: Date.now() - started }, 'Seeded the demo data');
      }
    }
    // (In production the mail plugin has already warned, and the readiness detail says so.)
    if (!app.mailSender && !config.production) {
      app.log.info(
        `SMTP_URL is not set: mail stays in the outbox${config.demoMode ? ' (demo: /api/dev/mail)' : ''}`,
      );
    }
    const shutdown = { app, database, timeoutMs: config.shutdownTimeoutSeconds * 1000 };
    shutdownOnSignals(shutdown);
    const { keepServingOnStrayErrors } = await import('./runtime/stray-errors.ts');
    keepServingOnStrayErrors({
      log: app.log,
      onTooMany: () => void shutdownGracefully('errors outside any request', shutdown),
    });

    await app.listen({ port: config.port, host: config.host });
    if (config.metrics.port !== null && app.metrics) {
      const port = await app.metrics.listen(config.host);
      app.log.info({ port }, 'Metrics on a port of their own: GET /metrics');
    }
    app.log.info(
      { database: config.database.kind, demo: config.demoMode, subDomains: Boolean(config.siteUrls) },
      'Fieldhouse API ready',
    );
  } catch (err) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

await main().catch(exitOnStartupFailure);
