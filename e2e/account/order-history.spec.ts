import { apiLogin, DEMO, expect, expectAccessible, screenshot, test } from '../fixtures.ts';

// Olivia Bennett (seeded) has 45 orders: pages of 20, 20 and 5. Both widths only read them.
const LONG_HISTORY = 'FH100012';

test('the order history comes 20 orders a page, with Previous and Next kept in the URL', async ({
  page,
  baseURL,
}, info) => {
  const tag = info.project.name;
  await apiLogin(page, baseURL!, LONG_HISTORY, DEMO.password);
  await page.goto('/account/payments/order-history');

  const orders = page.getByRole('table', { name: 'Order history' });
  const views = orders.getByRole('link', { name: /^View order \d+/ });
  const pages = page.getByRole('navigation', { name: 'Order history pages' });
  const previous = pages.getByRole('button', { name: 'Previous' });
  const next = pages.getByRole('button', { name: 'Next' });
  await expect(views).toHaveCount(20);
  await expect(pages.getByText('Showing 1–20 of 45')).toBeVisible();
  await expect(pages.getByText('Page 1 of 3')).toBeVisible();
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  const firstOnPageOne = await views.first().textContent();
  await expectAccessible(page);
  await screenshot(page, 'order-history-page-1', tag);

  await next.click();
  await expect(page).toHaveURL(/\/payments\/order-history\?page=2$/);
  await expect(pages.getByText('Showing 21–40 of 45')).toBeVisible();
  await expect(views).toHaveCount(20);
  await expect(views.first()).not.toHaveText(firstOnPageOne!);

  // By keyboard to the last page: Next stays focused (and says it is unavailable) rather than losing focus.
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(pages.getByText('Showing 41–45 of 45')).toBeVisible();
  await expect(views).toHaveCount(5);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?page=3$/);
  await expectAccessible(page);
  await screenshot(page, 'order-history-page-3', tag);

  // The page survives a reload, and the order's back link returns to it.
  await page.reload();
  await expect(pages.getByText('Showing 41–45 of 45')).toBeVisible();
  await previous.click();
  await expect(pages.getByText('Showing 21–40 of 45')).toBeVisible();
  await views.first().click();
  await expect(page.getByRole('heading', { name: /^Order \d+$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Go back to Order history' }).click();
  await expect(page).toHaveURL(/\/payments\/order-history\?page=2$/);
  await expect(pages.getByText('Showing 21–40 of 45')).toBeVisible();

  // A page that no longer exists shows the last one; a filter starts again from page 1.
  await page.goto('/account/payments/order-history?page=9');
  await expect(page).toHaveURL(/\?page=3$/);
  await expect(views).toHaveCount(5);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Filter orders' });
  const monthAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() - 30 * 86_400_000),
  );
  await filter.getByLabel('From').fill(monthAgo);
  await filter.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).not.toHaveURL(/page=/);
  // One order every 3.5 days: 8 or 9 in the last 30 days, one page, so no paging controls.
  await expect(page.getByText(/^Orders from /)).toBeVisible();
  await expect(pages).toHaveCount(0);
  expect(await views.count()).toBeGreaterThanOrEqual(8);
  expect(await views.count()).toBeLessThanOrEqual(9);
});
