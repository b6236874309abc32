import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_ARGS as HEADLESS_CHROMIUM_ARGS } from '../scripts/lib/chromium.mjs';

/** Single-origin server: bookings at /, account at /account/, join at /join/ (E2E_PORT moves both servers, so
 * two checkouts can run their browser tests side by side). */
export const PORT = Number(process.env.E2E_PORT ?? 4310);
/** Sub-domain server: each site on its own host, mapped to 127.0.0.1 by Chromium's host resolver rules. */
export const SUB_PORT = PORT + 1;
export const SUB_HOSTS = {
  bookings: `http://bookings.fieldhouse.test:${SUB_PORT}`,
  account: `http://account.fieldhouse.test:${SUB_PORT}`,
  join: `http://join.fieldhouse.test:${SUB_PORT}`,
};

export const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  // A synthetic camera, granted without a prompt, for the profile photo's 'Take new photo'.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

const serverEnv = {
  SKIP_BUILD: '1',
  DATA_DIR: 'memory://',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'warn',
  // Kiosk idle logout shortened by configuration (the spec's 90 s / 95 s are the defaults).
  KIOSK_IDLE_SECONDS: '3',
  KIOSK_SECOND_IDLE_SECONDS: '4',
  // The browser tests log in many times from one address.
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  LOGIN_FAILURES_PER_ACCOUNT: '100',
  FORGOTTEN_PASSWORD_RATE_LIMIT_PER_MINUTE: '1000',
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /sub-domain/ },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      testIgnore: /sub-domain/,
    },
    {
      name: 'sub-domain',
      testMatch: /sub-domain\.spec\.ts/,
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.fieldhouse.test 127.0.0.1'],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${PORT}/api/health`,
      env: { ...serverEnv, PORT: String(PORT) },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../scripts/start.mjs',
      url: `http://127.0.0.1:${SUB_PORT}/api/health`,
      env: {
        ...serverEnv,
        PORT: String(SUB_PORT),
        BOOKINGS_URL: SUB_HOSTS.bookings,
        ACCOUNT_URL: SUB_HOSTS.account,
        JOIN_URL: SUB_HOSTS.join,
        COOKIE_DOMAIN: '.fieldhouse.test',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
