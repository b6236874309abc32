import { DEMO, dayFromToday, expect, HOME_VENUE, test } from './fixtures.ts';
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

test("'Add to basket' before creating an account on the account host is done back on the bookings host", async ({
  page,
}) => {
  const day = dayFromToday(3);
  await page.goto(`${SUB_HOSTS.bookings}/venues/${HOME_VENUE.slug}?date=${day.iso}`);
  const bookable = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to basket' }) })
    .first();
  const name = (await bookable.getByRole('heading').textContent())!.trim();
  const card = page.getByRole('article').filter({ hasText: name }).first();
  await card.getByRole('button', { name: 'Add to basket' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SUB_HOSTS.account}/register\\?redirect=`));
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Subdomain');
  await page.getByLabel('Email', { exact: true }).fill(`sam.${Date.now().toString(36)}@example.org`);
  await page.getByLabel('Password', { exact: true }).fill('Swim-Lane-7!');
  await page.getByLabel('Repeat password').fill('Swim-Lane-7!');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${SUB_HOSTS.bookings}/venues/${HOME_VENUE.slug}?date=${day.iso}`);
  await expect(page.getByText('Your account has been created.')).toBeVisible();
  await expect(card.getByText('In basket')).toBeVisible();
});
