import { apiLogin, DEMO, expect, expectAccessible, registerCustomer, test } from '../fixtures.ts';

test('kiosk mode logs an idle customer out and clears the joining form', async ({ page, baseURL }, info) => {
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/account/?kiosk=true&centre=manchester-aquatics');
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  // 'Back to Kiosk Home' sits in the desktop header (spec: header and navigation).
  if (info.project.name === 'desktop') {
    await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toHaveAttribute(
      'href',
      /\/join\/kiosk\?kiosk=true&centre=manchester-aquatics/,
    );
  }
  // The e2e server shortens the 90-second idle timeout to 3 seconds by configuration.
  await expect(page.getByText('Joining form cleared due to inactivity')).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401);
  await expect(page).toHaveURL(/\/join\/kiosk\?kiosk=true&centre=manchester-aquatics/);
});

test('embedded mode hides header, footer and breadcrumbs and carries the flag across sites', async ({
  page,
  baseURL,
}) => {
  // A new customer has no bookings, so the dashboard offers 'Book an activity' on the bookings site.
  await registerCustomer(page, baseURL!);
  await page.goto('/account/?embedded=true');
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toHaveCount(0);
  await expect(page.getByText("You don't have any bookings right now.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
    'href',
    /^\/redirect-to-selected-venue\?(.*&)?embedded=true/,
  );
  await expectAccessible(page);
});
