import { editBootData, expect, test } from '../fixtures.ts';

test('with a tag-manager id, page views are pushed to the data layer on every route change', async ({
  page,
}) => {
  await editBootData(page, (data) => ({ ...data, client: { ...data.client, op_gtm_id: 'GTM-TEST123' } }));
  // No request leaves the machine: answer the tag-manager script locally.
  const gtmRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', (route) => {
    gtmRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  const pageViews = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.page_path),
  );
  expect(pageViews).toEqual(['/login', '/register']);
  await expect(page.locator('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST123"]')).toHaveCount(1);
});

test('without a tag-manager id nothing external is loaded', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) external.push(request.url());
  });
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  expect(external.filter((url) => !url.startsWith('data:'))).toEqual([]);
});
