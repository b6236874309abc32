import { apiLogin, DEMO, expect, test } from '../fixtures.ts';

test('a private page sends a logged-out visitor to log in and back again afterwards', async ({ page }) => {
  await page.goto('/account/memberships?tab=all');
  await expect(page).toHaveURL(/\/account\/login\?redirect=%2Fmemberships%3Ftab%3Dall/);
  await page.getByLabel('Email or customer ID').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/memberships\?tab=all$/);
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
});

test('a logged-in visitor opening the login page goes to the redirect target', async ({ page, baseURL }) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/login?redirect=%2Fpayments');
  await expect(page).toHaveURL(/\/account\/payments$/);
  await page.goto('/account/register');
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
});

test('a 401 with the logged-in flag still set ends the session once, not a reload every second (issue 43)', async ({
  page,
  baseURL,
}) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  // One call of the page answers 401 and leaves the flag cookie (a proxy, or a session ended between calls): the
  // page reloads, its user call still finds the flag, the call 401s again, and so on. The client removes the flag.
  await page.route('**/api/my-account/saved-cards**', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthenticated."}' }),
  );
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.goto('/account/payments');
  await expect(page).toHaveURL(/\/account\/login/);
  await page.waitForTimeout(4_000);
  // The first load and the one reload after the 401; before, it went on about once a second.
  expect(loads).toBeLessThanOrEqual(2);
  expect((await page.context().cookies()).find((c) => c.name === 'fh_logged_in')).toBeUndefined();
});
