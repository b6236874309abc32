import { z } from 'zod';

/** The environment variables the server reads, checked once at start (config.ts turns them into a Config). */
const bool = (fallback: boolean | undefined) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const url = z
  .url()
  .optional()
  .transform((v) => v?.replace(/\/+$/, ''));

export const envSchema = z.object({
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
  /**
   * The staff console on its own host (e.g. https://staff.example.com), served at its root; unset: at /admin on
   * every host the sites are served from (decision 034).
   */
  ADMIN_URL: url,
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
  /** The joining map's place search: the shipped offline gazetteer, or postcodes.io (UK postcodes and places, no key). */
  GEOCODER: z
    .enum(['', 'offline', 'postcodes_io'], { message: "must be 'offline' or 'postcodes_io'" })
    .optional()
    .transform((v) => v || 'offline'),
  /** postcodes.io's address (tests point it at a local stand-in); unset = https://api.postcodes.io. */
  POSTCODES_IO_URL: url,
  /** MapLibre style URL for the joining map's tiles; unset = the shipped offline UK outline. */
  MAP_STYLE_URL: z.url().optional(),
  /** 'true' or a comma-separated list of proxy addresses/CIDRs; off unless a proxy sits in front. */
  TRUST_PROXY: z.string().optional(),
  /**
   * The bearer token GET /metrics (Prometheus) asks for on the server's own port; unset: /metrics is not served there
   * (decision 066). At least 16 characters.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, { message: 'must be at least 16 characters' }),
  /**
   * A port of its own serving only GET /metrics (on HOST), for a scraper on a private network; METRICS_TOKEN, when
   * set, is asked for there too. With neither set, metrics are off.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How long one process reuses what it read from the database for /metrics (queue depths, mail outbox). */
  METRICS_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
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
  /**
   * Retention (decision 077): customers inactive for this many years are anonymised nightly by the erasure of
   * decision 073. 0 (the default) turns it off; 6 matches HMRC's record-keeping period.
   */
  RETENTION_INACTIVE_YEARS: z.coerce.number().int().min(0).max(100).default(0),
  /** Customers read per statement by the retention run (each then erased in its own transaction). */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(200),
  /** Which card payment provider charges cards: the offline sandbox, or Stripe (services/payments, decision 036). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** Stripe's secret API key (sk_test_… or sk_live_…, or a restricted rk_…): server only, never sent to a browser. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe's publishable key (pk_test_… or pk_live_…): the only Stripe key the web app may be given. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** The signing secret of the Stripe webhook endpoint /api/webhooks/stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Tests only: send the Stripe SDK's requests to this http(s)://host:port instead of api.stripe.com (the tests'
   * local stand-in, test/stripe-stand-in.ts). Refused with NODE_ENV=production.
   */
  STRIPE_API_BASE: z.url().optional(),
  /** Which provider sets up direct-debit mandates and collects: the offline sandbox or GoCardless (decision 037). */
  DIRECT_DEBIT_PROVIDER: z.enum(['sandbox', 'gocardless']).default('sandbox'),
  /** GoCardless access token (Developers → Create → Access token, read-write); `sandbox_…` or `live_…`. */
  GOCARDLESS_ACCESS_TOKEN: z.string().optional(),
  /** Which GoCardless environment the token belongs to. */
  GOCARDLESS_ENVIRONMENT: z
    .enum(['', 'sandbox', 'live'], { message: "must be 'sandbox' or 'live'" })
    .optional()
    .transform((v) => v || undefined),
  /** The secret of the webhook endpoint created in the GoCardless dashboard (signs POST /api/webhooks/gocardless). */
  GOCARDLESS_WEBHOOK_SECRET: z.string().optional(),
  /** Tests only: the GoCardless API's base URL (a local stand-in); unset = GoCardless's own for the environment. */
  GOCARDLESS_API_BASE_URL: url,
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
  /**
   * Gone: the desk takes cash, cheque and voucher payments in the staff console, authorised by the staff session
   * (decision 033). Refused when set, so a deployment relying on the shared key hears of it at start.
   */
  FRONT_OF_HOUSE_KEY: z
    .union([
      z.literal(''),
      z.string().refine(() => false, {
        message:
          'FRONT_OF_HOUSE_KEY is no longer used: desk payments (cash, cheque, voucher) are taken by staff logged in to the console at /admin/ (npm run staff -- add). Remove it.',
      }),
    ])
    .optional(),
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

export type Env = z.infer<typeof envSchema>;
