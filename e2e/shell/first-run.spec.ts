import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test as base, expect, expectAccessible, screenshot } from '../fixtures.ts';
import { workerServerPort } from '../playwright.config.ts';

/**
 * A production first run: the server in production mode on an empty in-memory database (no demo data, no
 * catalogue). Started by this file only, one per worker (`workerServerPort`), so the other specs do
 * not pay for it; it needs no build and starts in seconds.
 */
const test = base.extend<object, { emptyServer: { url: string; output: () => string } }>({
  emptyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const port = workerServerPort('first-run', workerInfo.parallelIndex);
      const { DEMO_MODE: _, DATABASE_URL: __, ...env } = process.env;
      const child: ChildProcess = spawn(
        process.execPath,
        [fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url))],
        {
          env: {
            ...env,
            NODE_ENV: 'production',
            SKIP_BUILD: '1',
            DATA_DIR: 'memory://',
            PORT: String(port),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          async () => {
            if (child.exitCode !== null) throw new Error(`The empty server exited:\n${output}`);
            return fetch(`${url}/api/health`).then(
              (r) => r.status,
              () => 0,
            );
          },
          { timeout: 60_000, intervals: [250] },
        )
        .toBe(200);
      await use({ url, output: () => output });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const PAGES = ['/', '/venues/leeds-central', '/account/', '/account/login', '/join/', '/join/centre/leeds'];

for (const path of PAGES) {
  test(`${path} on an empty production database says the site is being set up`, async ({
    page,
    emptyServer,
  }, info) => {
    const otherRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(emptyServer.url)) otherRequests.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const response = await page.goto(emptyServer.url + path);
    expect(response?.status()).toBe(503);
    await expect(page).toHaveTitle('This site is being set up');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'This site is being set up',
    );
    await expect(
      page.getByText('The operator is setting this site up. Please try again later.'),
    ).toBeVisible();
    await expect(page.getByText('We may have dropped the ball')).toHaveCount(0);
    // Self-contained: nothing fetched from anywhere else, nothing for the console to complain of (the 503 itself
    // is reported by Chromium as a failed resource load, which is what the status says).
    expect(otherRequests).toEqual([]);
    expect(consoleErrors.filter((text) => !text.includes('503'))).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectAccessible(page);
    if (path === '/') await screenshot(page, 'first-run-set-up', info.project.name);
  });
}

test('the empty server logs once what to run', async ({ emptyServer }) => {
  await expect.poll(() => emptyServer.output()).toContain('No catalogue loaded');
  expect(emptyServer.output()).toContain('Load one with: npm run catalogue -- import <file>');
  expect(emptyServer.output().match(/No catalogue loaded/g)).toHaveLength(1);
});
