import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS as HEADLESS_CHROMIUM_ARGS, TEST_BROWSER_PATH } from '../scripts/lib/chromium.mjs';

/** Single-origin server: bookings at /, account at /account/, join at /join/ (E2E_PORT moves both servers, so
 * two checkouts can run their browser tests side by side). */
export const PORT = Number(process.env.E2E_PORT ?? 4310);
/** Sub-domain server: each site on its own host, mapped to 127.0.0.1 by Chromium's host resolver rules. */
export const SUB_PORT = PORT + 1;
/** Stripe server: the app with Stripe as its card provider against the local stand-in (e2e/stripe/server.ts). */
export const STRIPE_PORT = PORT + 6;
/** The stand-in's one browser-facing call (3-D Secure answered), routed to from https://api.stripe.com. */
export const STRIPE_CONTROL_PORT = PORT + 7;
/**
 * The port of a server one spec starts for one worker: the first-run spec's from E2E_PORT + 10, the small-gym
 * spec's from E2E_PORT + 20, plus the worker's index, so no number of workers makes two servers share a port.
 */
export const workerServerPort = (spec: 'first-run' | 'small-gym', parallelIndex: number) =>
  PORT + (spec === 'first-run' ? 10 : 20) + parallelIndex;
export const SUB_HOSTS = {
  bookings: `http://bookings.fieldhouse.test:${SUB_PORT}`,
  account: `http://account.fieldhouse.test:${SUB_PORT}`,
  join: `http://join.fieldhouse.test:${SUB_PORT}`,
  /** The staff console on a host of its own (ADMIN_URL). */
  admin: `http://staff.fieldhouse.test:${SUB_PORT}`,
};

export const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  // A synthetic camera, granted without a prompt, for the profile photo's 'Take new photo'.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * The staff console's specs (e2e/admin), by absolute path: Playwright matches test patterns, globs too, against the
 * absolute file path, so a plain /admin/ pattern would also match every spec of a checkout in a folder named admin.
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HERE = escapeRegExp(fileURLToPath(new URL('./', import.meta.url)));
const ADMIN_SPECS = new RegExp(`^${HERE}admin/`);

/** Specs of this folder by name ('account/guards'), anchored to its absolute path like ADMIN_SPECS. */
const specsNamed = (...names: string[]) =>
  new RegExp(`^${HERE}(${names.map(escapeRegExp).join('|')})\\.spec\\.ts$`);

/**
 * Behaviour only, at one width (decision 039): no layout of their own, no screenshot, nothing that differs by width;
 * the pages they visit are driven and screenshotted at both widths by other specs. Members' flows run on the phone,
 * the venue's own screens (kiosk, a tag manager's page view) on the desktop.
 */
const PHONE_ONLY = specsNamed(
  'bookings/payment-failures',
  'account/password-reset',
  'bookings/waitlist',
  'account/register',
  'account/guards',
  'account/layout-shift',
  'shell/page-change',
  'bookings/log-in-mid-booking',
);
const DESKTOP_ONLY = specsNamed('join/kiosk', 'shell/tag-manager');
/** The card journeys with Stripe as the provider, against their own server (project 'stripe'). */
const STRIPE_SPECS = new RegExp(`^${HERE}stripe/`);

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
  // Three on two cores: a test spends much of its time waiting (on the server, animations, the network idle), so a
  // third worker fills those gaps; the stage alone (but the small-gym spec) took 300 s with two and 240 s with three,
  // on about the same CPU (decision 025, later section). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace costs CPU in every test, passed or not: with its screencast and DOM snapshots the browser tests used
    // 194 s of CPU where they use 140 without (account specs, desktop), and on two cores the run is CPU-bound. So a
    // test records one only when it runs again after failing (CI retries once): a repeated failure, or a flake,
    // comes with the full trace of its second run, and the first failure keeps its error and a screenshot.
    // Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testIgnore: [/sub-domain/, PHONE_ONLY, STRIPE_SPECS],
    },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
      // The staff console is made for desk tablets and desktops, not phones (decision 034).
      testIgnore: [/sub-domain/, ADMIN_SPECS, DESKTOP_ONLY, STRIPE_SPECS],
    },
    {
      // A tablet at the front desk, in portrait: the staff console's narrowest screen.
      name: 'tablet',
      testDir: './admin',
      use: { viewport: { width: 768, height: 1024 }, hasTouch: true },
    },
    {
      name: 'sub-domain',
      testMatch: /sub-domain\.spec\.ts/,
      use: {
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: TEST_BROWSER_PATH,
          args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.fieldhouse.test 127.0.0.1'],
        },
      },
    },
    {
      // Stripe's card form on a phone (member checkout); the desk's Stripe path is covered by its unit tests.
      name: 'stripe',
      testDir: './stripe',
      use: {
        baseURL: `http://127.0.0.1:${STRIPE_PORT}`,
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
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
        ADMIN_URL: SUB_HOSTS.admin,
        COOKIE_DOMAIN: '.fieldhouse.test',
      },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node stripe/server.ts',
      url: `http://127.0.0.1:${STRIPE_PORT}/api/health`,
      env: { ...serverEnv, PORT: String(STRIPE_PORT), STRIPE_CONTROL_PORT: String(STRIPE_CONTROL_PORT) },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
