import { describe, expect, it } from 'vitest';
import { DEMO_MODE_PUBLIC_ACK, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data, no demo mode and single-origin', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '/srv/app/data' });
    expect(c.demoMode).toBe(false);
    expect(c.siteUrls).toBeNull();
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.sessionTtlDays).toBe(30);
    expect(c.kioskIdleSeconds).toBe(90);
    expect(c.kioskSecondIdleSeconds).toBe(95);
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('turns demo mode on only when DEMO_MODE=true is set explicitly', () => {
    expect(loadConfig({}).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: '' }).demoMode).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
  });

  it('keeps counters in the database unless REDIS_URL is set; login throttling from the existing names', () => {
    const d = loadConfig({});
    expect([d.redisUrl, d.redisKeyPrefix]).toEqual([null, 'fieldhouse:']);
    expect(d.rateLimits).toEqual({
      loginPerIpPerMinute: 10,
      loginFailuresPerAccount: 5,
      loginFailuresPerAccountAllAddresses: 100,
      loginFirstDelaySeconds: 1,
      loginMaxDelaySeconds: 900,
      forgottenPasswordPerIpPerMinute: 10,
    });
    const c = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_KEY_PREFIX: 'club-a:',
      LOGIN_FAILURES_PER_ACCOUNT: '3',
      LOGIN_FAILURE_WINDOW_MINUTES: '30',
      LOGIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: '40',
      LOGIN_FIRST_DELAY_SECONDS: '2',
    });
    expect([c.redisUrl, c.redisKeyPrefix]).toEqual(['redis://127.0.0.1:6379/2', 'club-a:']);
    expect(c.rateLimits).toMatchObject({
      loginFailuresPerAccount: 3,
      loginMaxDelaySeconds: 1800,
      loginFailuresPerAccountAllAddresses: 40,
      loginFirstDelaySeconds: 2,
    });
  });

  it('refuses demo mode in production unless a second, loudly named variable says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE=true with NODE_ENV=production .*DEMO_MODE_IN_PRODUCTION=i-understand-this-is-public/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', DEMO_MODE_IN_PRODUCTION: 'yes' }),
    ).toThrow(/DEMO_MODE_IN_PRODUCTION/);
    const acknowledged = loadConfig({
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      DEMO_MODE_IN_PRODUCTION: DEMO_MODE_PUBLIC_ACK,
    });
    expect(acknowledged.demoMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'false' }).demoMode).toBe(false);
  });

  it('reads the start-up, pool and shutdown settings', () => {
    const c = loadConfig({});
    expect(c.databaseStartupTimeoutSeconds).toBe(60);
    expect(c.databasePoolSize).toBe(10);
    expect(c.shutdownTimeoutSeconds).toBe(25);
    const d = loadConfig({
      DATABASE_STARTUP_TIMEOUT_SECONDS: '2.5',
      DATABASE_POOL_SIZE: '4',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    expect([d.databaseStartupTimeoutSeconds, d.databasePoolSize, d.shutdownTimeoutSeconds]).toEqual([
      2.5, 4, 5,
    ]);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'localhost:5432/app' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\//,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/db' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db.internal:6432/app' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@db.internal:6432/app',
    });
  });

  it('reads sub-domain URLs without trailing slashes', () => {
    const c = loadConfig({
      BOOKINGS_URL: 'https://bookings.fieldhouse.test/',
      ACCOUNT_URL: 'https://account.fieldhouse.test',
      JOIN_URL: 'https://join.fieldhouse.test',
      DATABASE_URL: 'postgres://x@y/z',
    });
    expect(c.siteUrls).toEqual({
      bookings: 'https://bookings.fieldhouse.test',
      account: 'https://account.fieldhouse.test',
      join: 'https://join.fieldhouse.test',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://x@y/z' });
  });

  it('serves the staff console at /admin unless ADMIN_URL gives it a host of its own', () => {
    expect(loadConfig({}).adminUrl).toBeNull();
    expect(loadConfig({ ADMIN_URL: 'https://staff.fieldhouse.test/' }).adminUrl).toBe(
      'https://staff.fieldhouse.test',
    );
    expect(() => loadConfig({ ADMIN_URL: 'staff.fieldhouse.test' })).toThrow(/ADMIN_URL/);
  });

  it('rejects half-configured sub-domain mode and bad numbers', () => {
    expect(() => loadConfig({ BOOKINGS_URL: 'https://b.test' })).toThrow(/BOOKINGS_URL/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('payments', () => {
  it('defaults to the sandbox providers', () => {
    const c = loadConfig({});
    expect(c.paymentProvider).toBe('sandbox');
    expect(c.directDebitProvider).toBe('sandbox');
  });

  it('refuses unknown providers, and the front-of-house key the staff console replaced, saying what to do', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'adyen' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ DIRECT_DEBIT_PROVIDER: 'go_cardless' })).toThrow(/DIRECT_DEBIT_PROVIDER/);
    expect(() => loadConfig({ GEOCODER: 'google' })).toThrow(/GEOCODER: must be 'offline' or 'postcodes_io'/);
    expect(() => loadConfig({ FRONT_OF_HOUSE_KEY: 'a-long-enough-shared-secret' })).toThrow(
      /FRONT_OF_HOUSE_KEY is no longer used: desk payments .* console at \/admin\//,
    );
    expect(() => loadConfig({ FRONT_OF_HOUSE_KEY: '' })).not.toThrow();
  });
});

describe('GoCardless', () => {
  const gc = {
    DIRECT_DEBIT_PROVIDER: 'gocardless',
    GOCARDLESS_ACCESS_TOKEN: 'sandbox_abc',
    GOCARDLESS_ENVIRONMENT: 'sandbox',
    GOCARDLESS_WEBHOOK_SECRET: 'whsec',
  };

  it('reads the token, environment and webhook secret', () => {
    expect(loadConfig(gc)).toMatchObject({
      directDebitProvider: 'gocardless',
      goCardless: {
        accessToken: 'sandbox_abc',
        environment: 'sandbox',
        webhookSecret: 'whsec',
        apiBaseUrl: null,
      },
    });
    expect(
      loadConfig({ ...gc, GOCARDLESS_ACCESS_TOKEN: 'live_x', GOCARDLESS_ENVIRONMENT: 'live' }).goCardless,
    ).toMatchObject({ environment: 'live' });
    expect(loadConfig({ GOCARDLESS_ACCESS_TOKEN: 'ignored' }).goCardless).toBeNull();
  });

  it('says which settings are missing, and refuses a token of the other environment', () => {
    expect(() => loadConfig({ DIRECT_DEBIT_PROVIDER: 'gocardless' })).toThrow(
      'Invalid configuration: DIRECT_DEBIT_PROVIDER=gocardless needs GOCARDLESS_ACCESS_TOKEN, GOCARDLESS_ENVIRONMENT (sandbox or live), GOCARDLESS_WEBHOOK_SECRET.',
    );
    expect(() => loadConfig({ ...gc, GOCARDLESS_WEBHOOK_SECRET: '' })).toThrow(
      /needs GOCARDLESS_WEBHOOK_SECRET\./,
    );
    expect(() => loadConfig({ ...gc, GOCARDLESS_ENVIRONMENT: 'production' })).toThrow(
      /GOCARDLESS_ENVIRONMENT: must be 'sandbox' or 'live'/,
    );
    expect(() => loadConfig({ ...gc, GOCARDLESS_ENVIRONMENT: 'live' })).toThrow(
      /GOCARDLESS_ACCESS_TOKEN is a sandbox token but GOCARDLESS_ENVIRONMENT=live/,
    );
  });

  it('takes the test-only API address outside production only', () => {
    expect(loadConfig({ ...gc, GOCARDLESS_API_BASE_URL: 'http://127.0.0.1:9/' }).goCardless?.apiBaseUrl).toBe(
      'http://127.0.0.1:9',
    );
    expect(() =>
      loadConfig({ ...gc, NODE_ENV: 'production', GOCARDLESS_API_BASE_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/GOCARDLESS_API_BASE_URL is for tests only/);
  });
});

describe('TRUST_PROXY', () => {
  it('uses the offline basemap unless a map style URL is configured', () => {
    expect(loadConfig({}).mapStyleUrl).toBeNull();
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.org/style.json?key=abc' }).mapStyleUrl).toBe(
      'https://tiles.example.org/style.json?key=abc',
    );
    expect(() => loadConfig({ MAP_STYLE_URL: 'not a url' })).toThrow(/MAP_STYLE_URL/);
  });

  it('ignores forwarded headers unless a proxy is configured', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('stores uploads on local disk unless S3 is chosen, and reads the S3 settings and upload quota', () => {
    const local = loadConfig({}, '/srv/app');
    expect(local.s3).toBeNull();
    expect(local.storageDir).toBe('/srv/app/data/files');
    expect(local.uploadQuota).toEqual({ files: 50, bytes: 200_000_000 });
    expect(loadConfig({ S3_BUCKET: 'b', STORAGE_DRIVER: 'local' }).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'uploads', AWS_REGION: 'eu-west-2' }).s3).toEqual({
      bucket: 'uploads',
      region: 'eu-west-2',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      prefix: '',
    });
    const compatible = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'uploads',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'fieldhouse/',
      UPLOAD_QUOTA_FILES: '10',
      UPLOAD_QUOTA_BYTES: '5000000',
    });
    expect(compatible.s3).toEqual({
      bucket: 'uploads',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: 'fieldhouse/',
    });
    expect(compatible.uploadQuota).toEqual({ files: 10, bytes: 5_000_000 });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ UPLOAD_QUOTA_FILES: '0' })).toThrow(/UPLOAD_QUOTA_FILES/);
  });
});

describe('EMBED_ALLOWED_ORIGINS', () => {
  it('is empty by default and reads a comma-separated list of origins', () => {
    expect(loadConfig({}).embedAllowedOrigins).toEqual([]);
    expect(
      loadConfig({
        EMBED_ALLOWED_ORIGINS:
          ' https://www.leisure.example/, https://*.council.example,http://localhost:8080',
      }).embedAllowedOrigins,
    ).toEqual(['https://www.leisure.example', 'https://*.council.example', 'http://localhost:8080']);
  });

  it('refuses anything that is not an origin (no way to add CSP directives)', () => {
    for (const value of [
      '*',
      'https://a.example; script-src *',
      'javascript:alert(1)',
      'https://a.example/path',
    ]) {
      expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: value })).toThrow(/EMBED_ALLOWED_ORIGINS/);
    }
  });
});

describe('Stripe card payments', () => {
  const keys = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it('takes the three keys from the environment; the sandbox needs none', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ ...keys, PAYMENT_PROVIDER: 'sandbox' }).stripe).toBeNull();
    expect(loadConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_51abcDEF',
      publishableKey: 'pk_test_51abcDEF',
      webhookSecret: 'whsec_abc123',
      live: false,
      apiBase: null,
    });
    expect(
      loadConfig({ ...keys, STRIPE_SECRET_KEY: 'rk_live_x1', STRIPE_PUBLISHABLE_KEY: 'pk_live_y2' }).stripe
        ?.live,
    ).toBe(true);
  });

  it('names every missing key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: ' ' })).toThrow(
      /needs STRIPE_WEBHOOK_SECRET \(/,
    );
  });

  it('refuses a key of the wrong kind, above all the secret key where the publishable one goes', () => {
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_51abcDEF' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key .* never put the secret key here/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_51abcDEF' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('refuses a test key beside a live one', () => {
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: 'sk_live_51abc' })).toThrow(
      /STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY is a test key/,
    );
  });

  it('points the SDK at a local stand-in only outside production', () => {
    expect(loadConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe?.apiBase).toEqual({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
    });
    expect(() =>
      loadConfig({ ...keys, NODE_ENV: 'production', STRIPE_API_BASE: 'http://127.0.0.1:12111' }),
    ).toThrow(/STRIPE_API_BASE is for tests only/);
  });
});
