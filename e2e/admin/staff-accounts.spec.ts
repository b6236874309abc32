import { expect, expectAccessible, screenshot, test } from '../fixtures.ts';
import { ADMIN, canLogIn, deskAccountOfOwn, logIn, nav, STAFF_PASSWORD } from './staff.ts';

// Staff accounts in the staff console, at a desk tablet (768 px, project 'tablet') and a desktop (1280 px,
// 'desktop'): each test makes a front-desk account of its own.
test('a staff member changes their own password from their name in the header', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const email = await deskAccountOfOwn(browser, baseURL!, 'Robin Reed', info.project.name);

  await page.goto('/admin/login');
  await logIn(page, email);
  await page.getByRole('link', { name: 'Your account: Robin Reed' }).click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const form = page.getByRole('region', { name: 'Change your password' });
  const NEW = 'Robin-Reed-2026!';
  await form.getByLabel('Current password').fill('Not-My-Password-1!');
  await form.getByLabel('New password', { exact: true }).fill(NEW);
  await form.getByLabel('New password again').fill(NEW);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is not right')).toBeVisible();
  await expect(form.getByLabel('Current password')).toBeFocused();
  await expectAccessible(page);
  await form.getByLabel('Current password').fill(STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Your password has been changed. Any other place you were logged in has been logged out.',
  );
  await screenshot(page, 'admin-my-account', info.project.name);

  // The new password logs in; the old one no longer does.
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, email);
  await expect(page.getByText('The email address or password is incorrect')).toBeVisible();
  await page.getByLabel('Password').fill(NEW);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Robin Reed', level: 1 })).toBeVisible();
});

test('an administrator disables a staff account, which is then refused, and enables it again', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const email = await deskAccountOfOwn(browser, baseURL!, 'Morgan Mills', info.project.name);
  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await nav(page).getByRole('link', { name: 'Staff accounts' }).click();
  const table = page.getByRole('table', { name: 'Staff accounts' });
  const row = table.getByRole('row').filter({ hasText: email });
  // Nobody disables themselves: the administrator's own row has no button.
  await expect(row.getByRole('button', { name: 'Disable Morgan Mills' })).toBeVisible();
  await expect(table.getByRole('button', { name: `Disable ${ADMIN.name}` })).toHaveCount(0);
  await row.getByRole('button', { name: 'Disable Morgan Mills' }).click();
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();
  await expect(page.getByText('Morgan Mills can no longer log in')).toBeVisible();
  expect(await canLogIn(browser, baseURL!, email)).toBe(false);
  await expectAccessible(page);
  await screenshot(page, 'admin-accounts-disabled', info.project.name);
  await row.getByRole('button', { name: 'Enable Morgan Mills' }).click();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
  expect(await canLogIn(browser, baseURL!, email)).toBe(true);
});
