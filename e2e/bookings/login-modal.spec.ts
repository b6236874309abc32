import {
  apiLogin,
  apiLogout,
  DEMO,
  expect,
  expectAccessible,
  HOME_VENUE,
  registerCustomer,
  test,
} from '../fixtures.ts';

test('on the bookings site the Log in button opens a login modal', async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/redirect-to-selected-venue/);
  if (info.project.name === 'phone') await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /log in/i });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email or customer ID')).toBeFocused();
  await expectAccessible(page);

  await dialog.getByLabel('Email or customer ID').fill(DEMO.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog).toBeHidden();
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: /menu/i }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'My account' })).toBeVisible();
  } else {
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  }
});

test('the empty basket shows £0.00 and asks a logged-out visitor to log in', async ({ page }) => {
  await page.goto('/basket');
  await expect(page.getByText('£0.00').first()).toBeVisible();
  await expect(page.getByText('Log in to add items to your basket')).toBeVisible();
  await expectAccessible(page);
});

test("'Book an activity' takes a member with a home venue to its timetable; others choose a venue", async ({
  page,
  baseURL,
}) => {
  // Logged out, nothing selected: the chooser.
  await page.goto('/redirect-to-selected-venue');
  await expect(page.getByRole('heading', { name: 'Choose a venue', level: 1 })).toBeVisible();
  // A member whose home venue is John Charles: straight to its timetable.
  await apiLogin(page, baseURL!, DEMO.email, DEMO.password);
  const me = (await (await page.request.get('/api/auth/user')).json()).data;
  expect(me.home_venue_slug).toBe(HOME_VENUE.slug);
  await page.goto('/redirect-to-selected-venue');
  await expect(page).toHaveURL(new RegExp(`/venues/${HOME_VENUE.slug}$`));
  await expect(page.getByRole('heading', { name: HOME_VENUE.name, level: 1 })).toBeVisible();
  // A member without a home venue (and no venue selected yet) still chooses. The timetable is left first: while
  // open it makes its venue the selected one again whenever it reloads (as it does on noticing the logout), which
  // could rewrite the cookie just cleared.
  await page.goto('about:blank');
  await apiLogout(page, baseURL!);
  await page.context().clearCookies();
  const fresh = await registerCustomer(page, baseURL!);
  const freshUser = (await (await page.request.get('/api/auth/user')).json()).data;
  expect(freshUser.reference, 'a fresh customer').toBe(fresh.reference);
  expect(freshUser.home_venue_slug).toBeNull();
  await page.goto('/redirect-to-selected-venue');
  await expect(page.getByRole('heading', { name: 'Choose a venue', level: 1 })).toBeVisible();
});
