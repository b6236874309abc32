import type { Locator } from '@playwright/test';
import { logIn } from '../admin/staff.ts';
import { dayFromToday, expect, expectAccessible, HOME_VENUE, type Page, test } from '../fixtures.ts';

// Issue 42: every page opens at its top with focus on its heading; back returns to where the page was scrolled
// (shell/use-page-change.ts). On a phone (phone project only), where a page opening part-way down hides its heading.

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The page opened at its top, its h1 focused and on screen. */
async function expectOpenedAtTop(page: Page, heading: string) {
  const h1 = page.getByRole('heading', { name: heading, level: 1 });
  await expect(h1).toBeFocused();
  expect(await scrollY(page)).toBe(0);
  const box = (await h1.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Scrolls so that `link` is on screen near the bottom (the reader has scrolled down to it); returns scrollY. */
async function scrollDownTo(page: Page, link: Locator) {
  await link.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  return scrollY(page);
}

test('a session opened from far down the timetable opens at its top; back returns to the timetable where it was', async ({
  page,
  member: _member,
}) => {
  // A day ahead, whose sessions have not started: a long list.
  await page.goto(`/venues/${HOME_VENUE.slug}?date=${dayFromToday(2).iso}`);
  await expect(page.getByRole('heading', { name: HOME_VENUE.name, level: 1 })).toBeVisible();
  const link = page.getByRole('article').nth(5).getByRole('heading').getByRole('link');
  const name = (await link.textContent())!.trim();
  const from = await scrollDownTo(page, link);
  expect(from).toBeGreaterThan(200);
  await link.click();
  await expect(page).toHaveURL(/\/sessions\/\d+$/);
  await expectOpenedAtTop(page, name);
  await expectAccessible(page);

  await page.goBack();
  await expect(page.getByRole('heading', { name: HOME_VENUE.name, level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(from);

  // A day of the timetable is a query on the same page: focus stays on the day chosen.
  const next = dayFromToday(3);
  const day = page
    .getByRole('navigation', { name: 'Choose a day' })
    .getByRole('button', { name: next.button });
  await day.click();
  await expect(page).toHaveURL(new RegExp(`\\?date=${next.iso}`));
  await expect(day).toBeFocused();
});

test("'Booking confirmed' opens at its top with focus on its heading after paying", async ({
  page,
  member: _member,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/venues/${HOME_VENUE.slug}?date=${dayFromToday(3).iso}`);
  await page.getByRole('button', { name: 'Add to basket' }).first().click();
  await expect(page.getByText('In basket').first()).toBeVisible();
  // The button is gone once added: focus moves on to the next step, not to the page.
  await expect(page.locator('a:focus')).toHaveText('View basket');
  await page.getByRole('banner').locator('a[href="/basket"]').first().click();
  await expectOpenedAtTop(page, 'Shopping basket');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expectOpenedAtTop(page, 'Checkout');
  // The demo member pays with their saved card; the button is at the foot of the form.
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/, { timeout: 15_000 });
  await expectOpenedAtTop(page, 'Booking confirmed');
  await expectAccessible(page);
});

test('an account page opened from the foot of the dashboard opens at its top; back returns', async ({
  page,
  member: _member,
}) => {
  await page.goto('/account/');
  await expect(page.getByRole('heading', { name: 'Account Dashboard', level: 1 })).toBeVisible();
  const link = page.getByRole('link', { name: 'View guest passes' });
  const from = await scrollDownTo(page, link);
  expect(from).toBeGreaterThan(100);
  await link.click();
  await expect(page).toHaveURL(/\/account\/guest-passes$/);
  await expectOpenedAtTop(page, 'Guest Passes');
  await expectAccessible(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Account Dashboard', level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(from);
});

test('the staff console (tablet) opens each page at its top with focus on its heading', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/login');
  await logIn(page, 'admin@fieldhouse.test');
  await expectOpenedAtTop(page, 'Hello, Sam Patel');
  await page
    .getByRole('navigation', { name: 'Staff console' })
    .getByRole('link', { name: 'Registers' })
    .click();
  await expectOpenedAtTop(page, 'Registers');
  const register = page.getByRole('main').locator('a[href^="/admin/registers/"]').last();
  const from = await scrollDownTo(page, register);
  await register.click();
  await expect(page).toHaveURL(/\/admin\/registers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Registers', level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(from);
});
