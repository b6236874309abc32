import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data, demo mode and single-origin', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '/srv/app/data' });
    expect(c.demoMode).toBe(true);
    expect(c.siteUrls).toBeNull();
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.sessionTtlDays).toBe(30);
    expect(c.kioskIdleSeconds).toBe(90);
    expect(c.kioskSecondIdleSeconds).toBe(95);
    expect(c.webDist).toMatch(/apps\/web\/dist$/);
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

  it('turns demo mode off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
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

  it('rejects half-configured sub-domain mode and bad numbers', () => {
    expect(() => loadConfig({ BOOKINGS_URL: 'https://b.test' })).toThrow(/BOOKINGS_URL/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('payments', () => {
  it('defaults to the sandbox provider and no front-of-house key', () => {
    const c = loadConfig({});
    expect(c.paymentProvider).toBe('sandbox');
    expect(c.directDebitProvider).toBe('sandbox');
    expect(c.frontOfHouseKey).toBeNull();
  });

  it('refuses unknown providers and short front-of-house keys', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ DIRECT_DEBIT_PROVIDER: 'go_cardless' })).toThrow(/DIRECT_DEBIT_PROVIDER/);
    expect(() => loadConfig({ FRONT_OF_HOUSE_KEY: 'short' })).toThrow(/FRONT_OF_HOUSE_KEY/);
    expect(loadConfig({ FRONT_OF_HOUSE_KEY: 'a-long-enough-shared-secret' }).frontOfHouseKey).toBe(
      'a-long-enough-shared-secret',
    );
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
});
