import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const bool = (fallback: boolean | undefined) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const url = z
  .url()
  .optional()
  .transform((v) => v?.replace(/\/+$/, ''));

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || (/^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v)), {
      message: 'must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database)',
    }),
  /** How long start-up waits for PostgreSQL to answer (retrying with backoff) before giving up with exit code 1. */
  DATABASE_STARTUP_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** PostgreSQL connections per process; several processes share the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** On SIGTERM/SIGINT: how long in-flight requests may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(25),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded files; default DATA_DIR/files (in memory when DATA_DIR is memory://). */
  STORAGE_DIR: z.string().optional(),
  /** Demo seed, /api/dev/mail (live reset links!) and the API docs UI: only when set to true explicitly. */
  DEMO_MODE: bool(false),
  /** Demo mode with NODE_ENV=production is refused unless this says exactly DEMO_MODE_PUBLIC_ACK. */
  DEMO_MODE_IN_PRODUCTION: z.string().optional(),
  CLIENT_ID: z.coerce.number().int().positive().optional(),
  BOOKINGS_URL: url,
  ACCOUNT_URL: url,
  JOIN_URL: url,
  COOKIE_DOMAIN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fieldhouse <no-reply@fieldhouse.test>'),
  /**
   * Longest one mail delivery attempt may take; an attempt in a process that died is retried after it (the SMTP
   * timeouts are a fraction of it).
   */
  MAIL_ATTEMPT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  KIOSK_IDLE_SECONDS: z.coerce.number().int().positive().default(90),
  KIOSK_SECOND_IDLE_SECONDS: z.coerce.number().int().positive().default(95),
  MAINTENANCE_MODE: bool(false),
  WEB_DIST: z.string().optional(),
  /** MapLibre style URL for the joining map's tiles; unset = the shipped offline UK outline. */
  MAP_STYLE_URL: z.url().optional(),
  /** 'true' or a comma-separated list of proxy addresses/CIDRs; off unless a proxy sits in front. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Rate limits and login throttling live in Redis when set (else in PostgreSQL/PGlite, table rate_limits). */
  REDIS_URL: z.string().optional(),
  /** Prefix of every Redis key this deployment writes (several deployments may share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('fieldhouse:'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Failed logins for one account from one address before each further one makes that address wait. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** The first login delay in seconds; each further failure doubles it. */
  LOGIN_FIRST_DELAY_SECONDS: z.coerce.number().int().positive().default(1),
  /** The longest wait a login delay grows to (1 s, 2 s, 4 s … up to this). */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Failed logins for one account from all addresses in a day before addresses it never logged in from wait too. */
  LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().positive().default(100),
  FORGOTTEN_PASSWORD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** How long a process reuses a guest's timetable reply (0 = never); bookings made here clear it at once. */
  GUEST_TIMETABLE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Which card payment provider charges cards; only the sandbox exists so far (see services/payments). */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Which provider sets up direct-debit mandates; only the sandbox exists so far (see services/direct-debit). */
  DIRECT_DEBIT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Origins (comma-separated, e.g. `https://www.leisure.example,https://*.council.example`) that may show the sites
   * in an iframe (embedded mode). Unset: only the sites themselves (CSP frame-ancestors 'self' + the site URLs).
   */
  EMBED_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i,
            'not an origin (scheme://host[:port])',
          ),
      ),
    ),
  /** Shared secret of front-of-house devices: POST /api/pay accepts offline tenders only with it. */
  FRONT_OF_HOUSE_KEY: z.union([z.literal(''), z.string().min(16)]).optional(),
  /** Where uploads live: 'local' (STORAGE_DIR) or 's3' (S3_BUCKET); default s3 when S3_BUCKET is set. */
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  /** S3 bucket of uploads (private; files are served through the API). */
  S3_BUCKET: z.string().optional(),
  /** Bucket region; default AWS_REGION, else us-east-1. */
  S3_REGION: z.string().optional(),
  AWS_REGION: z.string().optional(),
  /** An S3-compatible service's URL (MinIO, Ceph, R2, …); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible services need. */
  S3_FORCE_PATH_STYLE: bool(false),
  /** Static credentials (both or neither); unset: the AWS SDK's default chain (env, profile, role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Put in front of every object key, e.g. 'fieldhouse/'. */
  S3_PREFIX: z.string().default(''),
  /** Per customer: most files stored (documents, freeze proof, profile photo). */
  UPLOAD_QUOTA_FILES: z.coerce.number().int().positive().default(50),
  /** Per customer: most bytes stored (default 200 MB). */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().positive().default(200_000_000),
});

export type S3Config = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2, …); unset: AWS. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (environment, profile, instance or task role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Put in front of every key, e.g. 'fieldhouse/' to share a bucket. */
  prefix: string;
};

/** The value DEMO_MODE_IN_PRODUCTION must have for a production server to run in demo mode. */
export const DEMO_MODE_PUBLIC_ACK = 'i-understand-this-is-public';

export type SiteUrls = { bookings: string; account: string; join: string };

export type Config = {
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
  /** Origins besides the sites' own that may frame them (CSP frame-ancestors); empty = none. */
  embedAllowedOrigins: string[];
  logLevel: string;
  trustProxy: boolean | string;
  paymentProvider: 'sandbox';
  directDebitProvider: 'sandbox';
  /** null: offline tenders (cash, voucher, cheque) are refused everywhere. */
  frontOfHouseKey: string | null;
  /** null: rate limits and login throttling are kept in the database (table rate_limits). */
  redisUrl: string | null;
  redisKeyPrefix: string;
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
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    storageDir: e.STORAGE_DIR
      ? path.resolve(cwd, e.STORAGE_DIR)
      : e.DATA_DIR.startsWith('memory://')
        ? null
        : path.resolve(cwd, e.DATA_DIR, 'files'),
    s3: s3Config(e),
    uploadQuota: { files: e.UPLOAD_QUOTA_FILES, bytes: e.UPLOAD_QUOTA_BYTES },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    paymentProvider: e.PAYMENT_PROVIDER,
    directDebitProvider: e.DIRECT_DEBIT_PROVIDER,
    frontOfHouseKey: e.FRONT_OF_HOUSE_KEY || null,
    redisUrl: e.REDIS_URL || null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    guestTimetableCacheMs: e.GUEST_TIMETABLE_CACHE_MS,
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

function s3Config(e: z.infer<typeof envSchema>): S3Config | null {
  const driver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (driver === 'local') return null;
  if (!e.S3_BUCKET) throw new Error('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET.');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION || e.AWS_REGION || 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    prefix: e.S3_PREFIX,
  };
}

/** Fastify's trustProxy from TRUST_PROXY: without it, X-Forwarded-* headers are ignored (no spoofed IPs). */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
