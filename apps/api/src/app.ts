import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { guardedValidatorCompiler } from './lib/input-guard.ts';
import { withRedactedRequests } from './lib/log-redaction.ts';
import authPlugin from './plugins/app/auth.ts';
import backgroundPlugin from './plugins/app/background.ts';
import clientPlugin from './plugins/app/client.ts';
import contentTypesPlugin from './plugins/app/content-types.ts';
import cspPlugin from './plugins/app/csp.ts';
import csrfPlugin from './plugins/app/csrf.ts';
import dbPlugin from './plugins/app/db.ts';
import directDebitPlugin, { type DirectDebitPluginOptions } from './plugins/app/direct-debit.ts';
import errorsPlugin from './plugins/app/errors.ts';
import guestTimetableCachePlugin from './plugins/app/guest-timetable-cache.ts';
import jobsPlugin, { type JobsPluginOptions } from './plugins/app/jobs.ts';
import mailPlugin from './plugins/app/mail.ts';
import maintenancePlugin from './plugins/app/maintenance.ts';
import metricsPlugin from './plugins/app/metrics.ts';
import paymentWebhooksPlugin from './plugins/app/payment-webhooks.ts';
import paymentsPlugin, { type PaymentsPluginOptions } from './plugins/app/payments.ts';
import readinessPlugin from './plugins/app/readiness.ts';
import retentionPlugin from './plugins/app/retention.ts';
import scheduledChangesPlugin, {
  type ScheduledChangesPluginOptions,
} from './plugins/app/scheduled-changes.ts';
import sharedCachePlugin from './plugins/app/shared-cache.ts';
import staffAuthPlugin from './plugins/app/staff-auth.ts';
import storagePlugin, { type StoragePluginOptions } from './plugins/app/storage.ts';
import timetableGenerationPlugin, {
  type TimetableGenerationPluginOptions,
} from './plugins/app/timetable-generation.ts';
import compressPlugin from './plugins/external/compress.ts';
import cookiePlugin from './plugins/external/cookie.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import multipartPlugin from './plugins/external/multipart.ts';
import rateLimitPlugin from './plugins/external/rate-limit.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import authRoutes from './routes/auth/index.ts';
import termsRoutes from './routes/checkout/terms.ts';
import clientRoutes from './routes/client/index.ts';
import devMailRoutes from './routes/dev/mail.ts';
import devMemberRoutes from './routes/dev/members.ts';
import directDebitRoutes from './routes/direct-debit/index.ts';
import themeRoutes from './routes/frontend/theme.ts';
import geocodingRoutes from './routes/geocoding/index.ts';
import healthRoutes from './routes/health.ts';
import joiningRoutes from './routes/joining/index.ts';
import { memberDataExportRoutes } from './routes/members-data/export.ts';
import unsubscribeRoutes from './routes/members-data/unsubscribe.ts';
import sandboxPaymentRoutes from './routes/payments/sandbox.ts';
import stripeWebhookRoutes from './routes/payments/stripe-webhooks.ts';
import protectedRoutes from './routes/protected.ts';
import sessionChoiceRoutes from './routes/session-choices/index.ts';
import staffRoutes from './routes/staff/index.ts';
import timetableRoutes from './routes/timetable/index.ts';
import venueRoutes from './routes/venues/index.ts';
import webRoutes from './routes/web/index.ts';
import type { MailSender } from './services/mail/sender.ts';

/** Fastify's `pluginTimeout`: the longest one plugin or onReady hook may take before the start fails. */
const STARTUP_STEP_TIMEOUT_MS = 120_000;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The clock (tests may pin it). */
    now: () => Date;
  }
}

export type BuildAppOptions = {
  config: Config;
  /** An already-open (and migrated) database; otherwise the app opens one from the config and closes it. */
  database?: Database;
  /** Logger options; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  mailSender?: MailSender | null;
  now?: () => Date;
  /** Called with every route as it is added (tests use it to walk all routes). */
  onRoute?: (route: RouteOptions) => void;
  /** Extra plugins registered after the routes (tests use it to add probe routes). */
  plugins?: FastifyPluginAsync[];
  wrapPaymentProvider?: PaymentsPluginOptions['wrapPaymentProvider'];
  wrapDirectDebitProvider?: DirectDebitPluginOptions['wrapDirectDebitProvider'];
  /** Tests pass a MemoryStorage to look at what was stored. */
  storage?: StoragePluginOptions['storage'];
  /** The job engine: main.ts starts it; tests opt in (`{ start: true, clock?, workers? }`). Off by default. */
  jobs?: JobsPluginOptions['jobs'];
  /** Sessions from the weekly timetables on the job engine (main.ts: daily and at start-up). Off by default. */
  timetableGeneration?: TimetableGenerationPluginOptions['timetableGeneration'];
  /** Scheduled changes on the job engine (main.ts: on their schedules and at start-up; decision 032). Off by default. */
  scheduledChanges?: ScheduledChangesPluginOptions['scheduledChanges'];
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: withRedactedRequests(options.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // While closing, requests already on an open connection are still answered (readiness says 'shutting down'),
    // rather than Fastify's bare 503; new connections are refused and close() waits for in-flight requests.
    return503OnClosing: false,
    // How long one plugin or onReady hook may take (Fastify's default is 10 s). The job engine's start (pg-boss
    // installing or migrating its schema and queues, under its lock, while other processes start beside it) took
    // longer than 10 s on a loaded host, and the process stopped with 'onReady hook timed out'. Something that
    // really hangs still stops the start with that error, after this long.
    pluginTimeout: STARTUP_STEP_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('now', options.now ?? (() => new Date()));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const owned = !options.database;
  const database = options.database ?? (await openDatabase(config.database));
  try {
    if (owned) await database.migrate();

    // External plugins, then the app's own, then routes (design rule 3). The ETag hook goes first: it must see
    // the JSON text before compression turns it into a stream (onSend hooks run in registration order).
    await app.register(sharedCachePlugin);
    await app.register(compressPlugin);
    await app.register(cookiePlugin);
    await app.register(helmetPlugin);
    await app.register(rateLimitPlugin, { db: database.db });
    await app.register(multipartPlugin);
    await app.register(swaggerPlugin, { demoMode: config.demoMode });
    await app.register(dbPlugin, { database, owned });
    await app.register(readinessPlugin);
    // Before every route: it times each request by route pattern and counts the checkout calls (decision 066).
    await app.register(metricsPlugin);
    await app.register(backgroundPlugin);
    await app.register(errorsPlugin);
    await app.register(maintenancePlugin);
    await app.register(csrfPlugin);
    await app.register(contentTypesPlugin);
    await app.register(clientPlugin);
    await app.register(guestTimetableCachePlugin);
    await app.register(cspPlugin);
    await app.register(authPlugin);
    await app.register(staffAuthPlugin);
    await app.register(jobsPlugin, { jobs: options.jobs });
    await app.register(mailPlugin, { mailSender: options.mailSender });
    await app.register(timetableGenerationPlugin, { timetableGeneration: options.timetableGeneration });
    await app.register(paymentsPlugin, { wrapPaymentProvider: options.wrapPaymentProvider });
    await app.register(paymentWebhooksPlugin);
    await app.register(directDebitPlugin, { wrapDirectDebitProvider: options.wrapDirectDebitProvider });
    // After the direct-debit provider: the monthly collections are asked of it.
    await app.register(scheduledChangesPlugin, { scheduledChanges: options.scheduledChanges });
    await app.register(storagePlugin, { storage: options.storage });
    await app.register(retentionPlugin);

    await app.register(healthRoutes);
    await app.register(themeRoutes);
    await app.register(clientRoutes);
    await app.register(venueRoutes);
    await app.register(geocodingRoutes);
    await app.register(timetableRoutes);
    await app.register(termsRoutes);
    await app.register(joiningRoutes);
    await app.register(directDebitRoutes);
    // GoCardless's SDK (about 100 modules) loads only when it is the provider.
    if (config.goCardless) await app.register((await import('./routes/webhooks/gocardless.ts')).default);
    await app.register(sandboxPaymentRoutes);
    await app.register(stripeWebhookRoutes);
    await app.register(unsubscribeRoutes);
    await app.register(memberDataExportRoutes);
    await app.register(authRoutes);
    await app.register(protectedRoutes);
    await app.register(sessionChoiceRoutes);
    await app.register(staffRoutes);
    if (config.demoMode) {
      await app.register(devMailRoutes);
      await app.register(devMemberRoutes);
    }
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    await app.register(webRoutes);

    await app.ready();
  } catch (err) {
    if (owned) await database.close();
    throw err;
  }
  return app;
}
