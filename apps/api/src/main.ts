import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo } from './db/seed.ts';
import { exitOnStartupFailure } from './runtime/exit-on-startup-failure.ts';
import { openReadyDatabase } from './runtime/open-database.ts';
import { shutdownOnSignals } from './runtime/shutdown.ts';
import { createStartupLogger } from './runtime/startup-log.ts';

async function main() {
  const config = loadConfig();
  const database = await openReadyDatabase(config, createStartupLogger(config.logLevel));
  // The job engine starts when the app is ready (pg-boss installs or migrates its schema under its own lock) and
  // stops first on close, before the mail sender and the database.
  const app = await buildApp({ config, database, jobs: { start: true } });
  database.setLogger(app.log);

  try {
    if (config.demoMode) {
      const started = Date.now();
      const seeded = await seedDemo(database.db, { now: new Date() });
      if (seeded) app.log.info({ ms: Date.now() - started }, 'Seeded the demo data');
    }
    if (!app.mailSender) {
      app.log.info(
        `SMTP_URL is not set: mail stays in the outbox${config.demoMode ? ' (demo: /api/dev/mail)' : ''}`,
      );
    }
    shutdownOnSignals({
      app,
      database,
      timeoutMs: config.shutdownTimeoutSeconds * 1000,
    });

    await app.listen({ port: config.port, host: config.host });
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
