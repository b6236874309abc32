import type { Env } from './config-env.ts';

// The external providers' settings (Stripe, S3, GoCardless), each checked as a whole: a provider chosen without its
// settings, or with settings of the wrong kind, stops the server with a sentence saying which.

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

export type StripeConfig = {
  /** Server only: never logged, never in a reply. */
  secretKey: string;
  /** The one key the web app may carry (Stripe.js). */
  publishableKey: string;
  webhookSecret: string;
  /** Live keys (sk_live_/pk_live_) or test mode. */
  live: boolean;
  /** Tests: where the SDK sends its requests instead of api.stripe.com (STRIPE_API_BASE); null in real use. */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | null;
};

export type GoCardlessConfig = {
  accessToken: string;
  environment: 'sandbox' | 'live';
  webhookSecret: string;
  /** Tests only (GOCARDLESS_API_BASE_URL): a stand-in's address instead of GoCardless's. */
  apiBaseUrl: string | null;
};

const STRIPE_KEY = {
  secret: /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
  publishable: /^pk_(test|live)_[A-Za-z0-9_]+$/,
  webhook: /^whsec_[A-Za-z0-9_+/=]+$/,
};

/** PAYMENT_PROVIDER=stripe: all three keys, each of the right kind, both API keys of the same mode (test or live). */
export function stripeConfig(e: Env, production: boolean): StripeConfig | null {
  if (e.PAYMENT_PROVIDER !== 'stripe') return null;
  const fail = (message: string): never => {
    throw new Error(`Invalid configuration: ${message}`);
  };
  const secretKey = e.STRIPE_SECRET_KEY?.trim() ?? '';
  const publishableKey = e.STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
  const webhookSecret = e.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  const missing = [
    !secretKey && 'STRIPE_SECRET_KEY',
    !publishableKey && 'STRIPE_PUBLISHABLE_KEY',
    !webhookSecret && 'STRIPE_WEBHOOK_SECRET',
  ].filter(Boolean);
  if (missing.length)
    fail(
      `PAYMENT_PROVIDER=stripe needs ${missing.join(', ')} (Stripe Dashboard → Developers: API keys, and the ` +
        'signing secret of the webhook endpoint /api/webhooks/stripe).',
    );
  const secret = STRIPE_KEY.secret.exec(secretKey);
  if (!secret)
    fail(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key); a pk_… key is the publishable one.',
    );
  const publishable = STRIPE_KEY.publishable.exec(publishableKey);
  if (!publishable)
    fail(
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…); never put the secret key here, it would reach browsers.',
    );
  if (!STRIPE_KEY.webhook.test(webhookSecret))
    fail("STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…).");
  if (secret![2] !== publishable![1])
    fail(
      `STRIPE_SECRET_KEY is a ${secret![2]} key but STRIPE_PUBLISHABLE_KEY is a ${publishable![1]} key: use the pair of one mode.`,
    );
  let apiBase: StripeConfig['apiBase'] = null;
  if (e.STRIPE_API_BASE) {
    if (production)
      fail('STRIPE_API_BASE is for tests only (a local Stripe stand-in); unset it in production.');
    const u = new URL(e.STRIPE_API_BASE);
    const protocol = u.protocol === 'http:' ? 'http' : u.protocol === 'https:' ? 'https' : null;
    if (!protocol) fail('STRIPE_API_BASE must be an http:// or https:// URL.');
    apiBase = {
      protocol: protocol!,
      host: u.hostname,
      port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443,
    };
  }
  return { secretKey, publishableKey, webhookSecret, live: secret![2] === 'live', apiBase };
}

export function s3Config(e: Env): S3Config | null {
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

/**
 * GOCARDLESS_* for DIRECT_DEBIT_PROVIDER=gocardless: the token, its environment and the webhook secret are all
 * needed, and a token must belong to the environment named (GoCardless prefixes them `sandbox_` and `live_`).
 */
export function goCardlessConfig(e: Env, production: boolean): GoCardlessConfig | null {
  if (e.DIRECT_DEBIT_PROVIDER !== 'gocardless') return null;
  const missing = [
    !e.GOCARDLESS_ACCESS_TOKEN && 'GOCARDLESS_ACCESS_TOKEN',
    !e.GOCARDLESS_ENVIRONMENT && 'GOCARDLESS_ENVIRONMENT (sandbox or live)',
    !e.GOCARDLESS_WEBHOOK_SECRET && 'GOCARDLESS_WEBHOOK_SECRET',
  ].filter(Boolean);
  if (missing.length)
    throw new Error(`Invalid configuration: DIRECT_DEBIT_PROVIDER=gocardless needs ${missing.join(', ')}.`);
  const token = e.GOCARDLESS_ACCESS_TOKEN!;
  const environment = e.GOCARDLESS_ENVIRONMENT!;
  const other = environment === 'live' ? 'sandbox' : 'live';
  if (token.startsWith(`${other}_`))
    throw new Error(
      `Invalid configuration: GOCARDLESS_ACCESS_TOKEN is a ${other} token but GOCARDLESS_ENVIRONMENT=${environment}; use a token from the ${environment} dashboard or change GOCARDLESS_ENVIRONMENT.`,
    );
  if (production && e.GOCARDLESS_API_BASE_URL)
    throw new Error(
      'Invalid configuration: GOCARDLESS_API_BASE_URL is for tests only (a local stand-in for GoCardless); unset it in production.',
    );
  return {
    accessToken: token,
    environment,
    webhookSecret: e.GOCARDLESS_WEBHOOK_SECRET!,
    apiBaseUrl: e.GOCARDLESS_API_BASE_URL ?? null,
  };
}
