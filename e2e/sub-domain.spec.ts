import { DEMO, expect, test } from './fixtures.ts';
import { SUB_HOSTS } from './playwright.config.ts';

test('each site has its own host and the session is shared across them', async ({ page }) => {
  await page.goto(`${SUB_HOSTS.account}/login`);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByLabel('Email or customer ID').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${SUB_HOSTS.account}/`);

  const session = (await page.context().cookies()).find((c) => c.name === 'fh_session');
  expect(session?.domain).toBe('.fieldhouse.test');

  // Cross-site links point at the other hosts.
  await expect(page.getByRole('link', { name: 'Book an activity' }).first()).toHaveAttribute(
    'href',
    new RegExp(`^${SUB_HOSTS.bookings}/redirect-to-selected-venue`),
  );
  // A logged-in member with a home venue starts on its timetable; the venue chooser is at /venues.
  await page.goto(`${SUB_HOSTS.bookings}/venues`);
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

  // The venue chosen on the bookings host is remembered for every site.
  await page.getByRole('button', { name: 'Select Manchester Aquatics Centre' }).click();
  await expect(page.getByRole('heading', { name: 'Manchester Aquatics Centre', level: 1 })).toBeVisible();
  const venueCookie = (await page.context().cookies()).find((c) => c.name === 'fh_venue');
  expect(venueCookie?.domain).toBe('.fieldhouse.test');
  await page.goto(`${SUB_HOSTS.join}/no-such-page`);
  await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
});

test('the staff console has a host of its own, and /admin on a member host leads there', async ({ page }) => {
  await page.goto(`${SUB_HOSTS.bookings}/admin/approvals`);
  await expect(page).toHaveURL(`${SUB_HOSTS.admin}/login?redirect=%2Fapprovals`);
  await page.getByLabel('Email address').fill('admin@fieldhouse.test');
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${SUB_HOSTS.admin}/approvals`);
  // The member hosts stay the members': their pages know nothing of the console.
  await page.goto(`${SUB_HOSTS.bookings}/venues`);
  await expect(page.getByRole('link', { name: /staff/i })).toHaveCount(0);
});
