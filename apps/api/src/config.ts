import path from 'node:path';
import { envSchema } from './config-env.ts';
import {
  type GoCardlessConfig,
  goCardlessConfig,
  type S3Config,
  type StripeConfig,
  s3Config,
  stripeConfig,
} from './config-providers.ts';
import { REPO_ROOT } from './paths.ts';

export type { GoCardlessConfig, S3Config, StripeConfig } from './config-providers.ts';

/** The value DEMO_MODE_IN_PRODUCTION must have for a production server to run in demo mode. */
export const DEMO_MODE_PUBLIC_ACK = 'i-understand-this-is-public';

export type SiteUrls = { bookings: string; account: string; join: string };

export type Config = {
  /** NODE_ENV=production. */
  production: boolean;
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** Seconds start-up waits for the database (DATABASE_STARTUP_TIMEOUT_SECONDS). */
  databaseStartupTimeoutSeconds: number;
  databasePoolSize: number;
  /** Seconds in-flight requests get on shutdown (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutSeconds: number;
  /** Only with DEMO_MODE=true (and, in production, DEMO_MODE_IN_PRODUCTION). */
  demoMode: boolean;
  /** null: the first client in the database. */
  clientId: number | null;
  /** Sub-domain mode when set (absolute URLs without trailing slash); null in single-origin mode. */
  siteUrls: SiteUrls | null;
  /** ADMIN_URL: the staff console's own host (absolute URL, no trailing slash); null = at /admin on every host. */
  adminUrl: string | null;
  cookieDomain: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** MAIL_RETRY_DELAY_SECONDS: the first retry's delay; each later one doubles (decision 015). */
  mailRetryDelaySeconds: number;
  /** MAIL_ATTEMPT_TIMEOUT_SECONDS. */
  mailAttemptTimeoutSeconds: number;
  /** JOB_SUPERVISE_INTERVAL_SECONDS: how often jobs whose process died are noticed and retried. */
  jobSuperviseIntervalSeconds: number;
  sessionTtlDays: number;
  kioskIdleSeconds: number;
  kioskSecondIdleSeconds: number;
  maintenanceMode: boolean;
  webDist: string;
  /** Uploaded files on disk; null = in memory (DATA_DIR=memory:// without STORAGE_DIR). */
  storageDir: string | null;
  /** Uploads in an S3-compatible bucket instead of STORAGE_DIR (STORAGE_DRIVER=s3, or S3_BUCKET set). */
  s3: S3Config | null;
  /** Per-customer upload quota (files and bytes). */
  uploadQuota: { files: number; bytes: number };
  mapStyleUrl: string | null;
  /** GEOCODER and POSTCODES_IO_URL (services/geocoding). */
  geocoder: { name: 'offline' | 'postcodes_io'; postcodesIoUrl: string | null };
  /** Origins besides the sites' own that may frame them (CSP frame-ancestors); empty = none. */
  embedAllowedOrigins: string[];
  logLevel: string;
  /** GET /metrics (decision 066): off unless a token or a port of its own is set. */
  metrics: { token: string | null; port: number | null; cacheSeconds: number };
  trustProxy: boolean | string;
  paymentProvider: 'sandbox' | 'stripe';
  /** Set exactly when paymentProvider is 'stripe'. */
  stripe: StripeConfig | null;
  directDebitProvider: 'sandbox' | 'gocardless';
  /** Set when directDebitProvider is 'gocardless' (GOCARDLESS_*), else null. */
  goCardless: GoCardlessConfig | null;
  /** null: rate limits and login throttling are kept in the database (table rate_limits). */
  redisUrl: string | null;
  redisKeyPrefix: string;
  /** RETENTION_INACTIVE_YEARS (0: off) and RETENTION_BATCH_SIZE (decision 077). */
  retention: { inactiveYears: number; batchSize: number };
  /** GUEST_TIMETABLE_CACHE_MS (decision 020). */
  guestTimetableCacheMs: number;
  rateLimits: {
    loginPerIpPerMinute: number;
    /** Failures for one account from one address before that address waits (growing delays). */
    loginFailuresPerAccount: number;
    /** Failures for one account from every address (per day) before unfamiliar addresses wait too. */
    loginFailuresPerAccountAllAddresses: number;
    /** The first login delay, in seconds (doubled by each further failure). */
    loginFirstDelaySeconds: number;
    /** The longest login delay, in seconds. */
    loginMaxDelaySeconds: number;
    forgottenPasswordPerIpPerMinute: number;
  };
};

/** Reads the configuration from the environment; throws a readable error on bad values. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const { BOOKINGS_URL: bookings, ACCOUNT_URL: account, JOIN_URL: join } = e;
  if (production && e.DEMO_MODE && e.DEMO_MODE_IN_PRODUCTION !== DEMO_MODE_PUBLIC_ACK) {
    throw new Error(
      'Invalid configuration: DEMO_MODE=true with NODE_ENV=production would publish the demo mail outbox ' +
        `(live password-reset links); unset DEMO_MODE, or set DEMO_MODE_IN_PRODUCTION=${DEMO_MODE_PUBLIC_ACK}.`,
    );
  }
  const anyUrl = bookings || account || join;
  if (anyUrl && !(bookings && account && join)) {
    throw new Error('Invalid configuration: set all of BOOKINGS_URL, ACCOUNT_URL and JOIN_URL, or none.');
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : {
          kind: 'pglite',
          dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(cwd, e.DATA_DIR),
        },
    databaseStartupTimeoutSeconds: e.DATABASE_STARTUP_TIMEOUT_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    demoMode: e.DEMO_MODE ?? false,
    clientId: e.CLIENT_ID ?? null,
    siteUrls: bookings && account && join ? { bookings, account, join } : null,
    adminUrl: e.ADMIN_URL ?? null,
    cookieDomain: e.COOKIE_DOMAIN || null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    mailAttemptTimeoutSeconds: e.MAIL_ATTEMPT_TIMEOUT_SECONDS,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    jobSuperviseIntervalSeconds: e.JOB_SUPERVISE_INTERVAL_SECONDS,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    kioskIdleSeconds: e.KIOSK_IDLE_SECONDS,
    kioskSecondIdleSeconds: e.KIOSK_SECOND_IDLE_SECONDS,
    maintenanceMode: e.MAINTENANCE_MODE ?? false,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    mapStyleUrl: e.MAP_STYLE_URL ?? null,
    geocoder: { name: e.GEOCODER, postcodesIoUrl: e.POSTCODES_IO_URL ?? null },
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    storageDir: e.STORAGE_DIR
      ? path.resolve(cwd, e.STORAGE_DIR)
      : e.DATA_DIR.startsWith('memory://')
        ? null
        : path.resolve(cwd, e.DATA_DIR, 'files'),
    s3: s3Config(e),
    uploadQuota: { files: e.UPLOAD_QUOTA_FILES, bytes: e.UPLOAD_QUOTA_BYTES },
    logLevel: e.LOG_LEVEL,
    metrics: {
      token: e.METRICS_TOKEN || null,
      port: e.METRICS_PORT ?? null,
      cacheSeconds: e.METRICS_CACHE_SECONDS,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    paymentProvider: e.PAYMENT_PROVIDER,
    stripe: stripeConfig(e, production),
    directDebitProvider: e.DIRECT_DEBIT_PROVIDER,
    goCardless: goCardlessConfig(e, production),
    redisUrl: e.REDIS_URL || null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    guestTimetableCacheMs: e.GUEST_TIMETABLE_CACHE_MS,
    retention: { inactiveYears: e.RETENTION_INACTIVE_YEARS, batchSize: e.RETENTION_BATCH_SIZE },
    rateLimits: {
      loginPerIpPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAccountAllAddresses: e.LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
      loginFirstDelaySeconds: e.LOGIN_FIRST_DELAY_SECONDS,
      loginMaxDelaySeconds: Math.max(1, Math.round(e.LOGIN_FAILURE_WINDOW_MINUTES * 60)),
      forgottenPasswordPerIpPerMinute: e.FORGOTTEN_PASSWORD_RATE_LIMIT_PER_MINUTE,
    },
  };
}

/** Fastify's trustProxy from TRUST_PROXY: without it, X-Forwarded-* headers are ignored (no spoofed IPs). */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
