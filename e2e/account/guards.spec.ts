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
