import { apiLogin, DEMO, expect, expectAccessible, test } from '../fixtures.ts';

test('kiosk mode logs an idle customer out and clears the joining form', async ({ page, baseURL }) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/?kiosk=true&centre=manchester-aquatics');
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Kiosk Home' }).first()).toBeAttached();
  // The e2e server shortens the 90-second idle timeout to 3 seconds by configuration.
  await expect(page.getByText('Joining form cleared due to inactivity')).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401);
  await expect(page).toHaveURL(/\/join\/kiosk\?kiosk=true&centre=manchester-aquatics/);
});

test('embedded mode hides header, footer and breadcrumbs and carries the flag across sites', async ({
  page,
  baseURL,
}) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/?embedded=true');
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toHaveCount(0);
  const book = page.getByRole('link', { name: 'Book an activity' }).first();
  await expect(book).toHaveAttribute('href', /embedded=true/);
  await expectAccessible(page);
});
