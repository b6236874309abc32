import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
// The job engine starts when the app is ready (pg-boss installs or migrates its schema under its own lock).
const app = await buildApp({ config, database, jobs: { start: true } });

try {
  if (config.demoMode && process.env.NODE_ENV !== 'production') {
    const started = Date.now();
    const seeded = await seedDemo(database.db, { now: new Date() });
    if (seeded) app.log.info({ ms: Date.now() - started }, 'Seeded the demo data');
  }
  if (!app.mailSender) app.log.info('SMTP_URL is not set: mail stays in the outbox (demo: /api/dev/mail)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.database.kind, demo: config.demoMode, subDomains: Boolean(config.siteUrls) },
    'Fieldhouse API ready',
  );
} catch (err) {
  app.log.fatal({ err }, 'Failed to start');
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}
