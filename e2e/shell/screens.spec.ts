import { NOT_SET_UP } from '@fieldhouse/contract/texts/common';
import { editBootData, expect, expectAccessible, screenshot, test } from '../fixtures.ts';

for (const path of ['/account/no-such-page', '/join/no/such/page', '/no-such-page']) {
  test(`an unknown path ${path} shows the not-found page`, async ({ page }, info) => {
    await page.goto(path);
    await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
    await expectAccessible(page);
    if (path.startsWith('/account')) await screenshot(page, 'not-found', info.project.name);
  });
}

test('a theme answering 503 shows the maintenance screen', async ({ page }) => {
  // A page without the theme written in (as from the Vite dev server) asks the API for it.
  await editBootData(page, () => null);
  await page.route('**/api/frontend/theme**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Maintenance"}' }),
  );
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Service disruption' })).toBeVisible();
  await expect(page.getByText('Unable to access the site due to planned maintenance.')).toBeVisible();
  await expectAccessible(page);
});

test('in planned maintenance every site shows the maintenance screen, the staff console too', async ({
  page,
}) => {
  // In maintenance the server writes no theme into the page (so the app asks for it) and every call answers 503.
  await editBootData(page, () => null);
  await page.route('**/api/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Maintenance"}' }),
  );
  for (const path of ['/', '/join/', '/admin/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Service disruption' })).toBeVisible();
    await expect(page.getByText('Unable to access the site due to planned maintenance.')).toBeVisible();
  }
  await expectAccessible(page);
});

test('a theme answering 503 not_set_up shows the set-up screen, not maintenance', async ({ page }) => {
  // As on the Vite dev server with an empty database (the API server itself answers its own set-up page).
  await editBootData(page, () => null);
  await page.route('**/api/frontend/theme**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: NOT_SET_UP.message, code: NOT_SET_UP.code }),
    }),
  );
  await page.goto('/join/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This site is being set up');
  await expect(page.getByText('The operator is setting this site up. Please try again later.')).toBeVisible();
  await expect(page.getByText('Service disruption')).toHaveCount(0);
  await expect(page).toHaveTitle(/^This site is being set up/);
  await expectAccessible(page);
});

test('a client that fails to load shows the not-found page', async ({ page }) => {
  await editBootData(page, () => null);
  await page.route('**/api/client', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
  );
  await page.goto('/join/');
  await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
});

test('a failing theme request is retried without the venue', async ({ page, baseURL }) => {
  const seen: string[] = [];
  await page.route('**/api/frontend/theme**', (route) => {
    seen.push(route.request().url());
    if (new URL(route.request().url()).searchParams.has('venue'))
      return route.fulfill({ status: 500, body: '{}' });
    return route.continue();
  });
  const venue = { id: 1, slug: 'no-such-venue', name: 'Nowhere' };
  await page
    .context()
    .addCookies([{ name: 'fh_venue', value: encodeURIComponent(JSON.stringify(venue)), url: baseURL! }]);
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect(seen.some((u) => new URL(u).searchParams.has('venue'))).toBe(true);
  expect(seen.some((u) => !new URL(u).searchParams.has('venue'))).toBe(true);
});
