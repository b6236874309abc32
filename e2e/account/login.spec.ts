import { DEMO, expect, expectAccessible, screenshot, test } from '../fixtures.ts';

test('the demo customer logs in on the account site, sees the dashboard and logs out', async ({
  page,
}, info) => {
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  // The header is 54px on phones and 80px from 575px up (spec), border included.
  const header = await page.locator('header.site-header').boundingBox();
  expect(header?.height).toBe((page.viewportSize()?.width ?? 0) < 575 ? 54 : 80);
  // One <title>, naming the page and the operator.
  await expect(page).toHaveTitle('Log in | Fieldhouse Leisure');
  expect(await page.locator('title').count()).toBe(1);
  await expectAccessible(page);
  await screenshot(page, 'login', info.project.name);

  await page.getByLabel('Email or customer ID').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/?$/);
  await expect(page.getByText(`Welcome ${DEMO.firstName}!`)).toBeVisible();
  await expect(page.getByText(/Customer no/)).toBeVisible();
  await expect(page.getByText('My next booking')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all my bookings' })).toBeVisible();
  await expect(page.getByText('You have unpaid fees on your account')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'dashboard', info.project.name);

  // The session token is never visible to JavaScript.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'fh_session')?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('fh_session');

  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  const after = await page.request.get('/api/auth/user');
  expect(after.status()).toBe(401);
});

test('an empty form is refused in place with the texts of the contract, and nothing is sent', async ({
  page,
}) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/customer/login')) sent += 1;
  });
  await page.goto('/account/login');
  await page.getByLabel('Email or customer ID').fill('   ');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter your email or customer ID.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await expect(page.getByLabel('Email or customer ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  // A username with spaces around it logs in (trimmed, as the server does).
  await page.getByLabel('Email or customer ID').fill(`  ${DEMO.email} `);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  expect(sent).toBe(1);
});

test('a wrong password is refused with the server message and nothing is logged in', async ({ page }) => {
  await page.goto('/account/login');
  await page.getByLabel('Email or customer ID').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login/);
});

test("a refused CSRF check (419) shows the spec's text", async ({ page }) => {
  await page.route('**/api/auth/customer/login', (route) =>
    route.fulfill({
      status: 419,
      contentType: 'application/json',
      body: '{"message":"CSRF token mismatch."}',
    }),
  );
  await page.goto('/account/login');
  await page.getByLabel('Email or customer ID').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Something has gone wrong, please reload and try again.')).toBeVisible();
});
