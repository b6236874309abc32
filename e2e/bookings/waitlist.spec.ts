import {
  createMember,
  dayWithSession,
  expect,
  expectAccessible,
  HOME_VENUE,
  registerCustomer,
  test,
} from '../fixtures.ts';

test('a customer joins the waitlist of a full session and leaves it from the account', async ({
  page,
  baseURL,
}) => {
  await registerCustomer(page, baseURL!);
  // The demo seed fills Badminton Court at 19:00 two days from the day it ran, at the home venue.
  const day = await dayWithSession(page, baseURL!, {
    days: 2,
    category: 'Court Hire',
    name: 'Badminton Court',
    time: '19:00',
    state: 'full',
  });
  await page.goto(`/venues/${HOME_VENUE.slug}?date=${day.iso}&category=Court+Hire`);
  const full = page.getByRole('article').filter({ hasText: '19:00' }).filter({ hasText: 'Badminton Court' });
  await expect(full.getByText('No places left')).toBeVisible();
  await full.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(full.getByText(/On waitlist – position \d+/)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/account/bookings/waitlist');
  await expect(page.getByRole('link', { name: 'Waitlist' })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('article').filter({ hasText: 'Badminton Court' });
  await expect(card.getByText("You're on the waitlist")).toBeVisible();
  await expect(card.getByText(/Position \d+/)).toBeVisible();
  await card.getByRole('button', { name: 'Leave waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your waitlist booking' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Leave waitlist' }).click();
  await expect(dialog.getByText('You have been removed from the waitlist')).toBeVisible();
  await expect(dialog.getByText('Removed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to my bookings' }).click();
  await expect(page.getByText('You are not on any waiting lists right now.')).toBeVisible();
});

test("a visitor who taps 'Join waitlist' and logs in is on the waitlist (issue 42, item 2)", async ({
  page,
  baseURL,
}) => {
  const member = await createMember(page, baseURL!, 'payments');
  const day = await dayWithSession(page, baseURL!, {
    days: 2,
    category: 'Court Hire',
    name: 'Badminton Court',
    time: '19:00',
    state: 'full',
  });
  await page.goto(`/venues/${HOME_VENUE.slug}?date=${day.iso}&category=Court+Hire`);
  const full = page.getByRole('article').filter({ hasText: '19:00' }).filter({ hasText: 'Badminton Court' });
  // Each card's button names its session, so a screen reader's list of buttons tells them apart.
  await full.getByRole('button', { name: 'Join waitlist: Badminton Court at 19:00', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to your account' });
  await dialog.getByLabel('Email or customer ID').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(full.getByText(/On waitlist – position \d+/)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${day.iso}`));
  await expectAccessible(page);
});
