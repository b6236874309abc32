import { createHmac } from 'node:crypto';
import { expect, expectAccessible, latestMailTo, screenshot, test } from '../fixtures.ts';
import { ADMIN, canLogIn, deskAccountOfOwn, logIn, nav, STAFF_PASSWORD } from './staff.ts';

// An administrator manages another staff account in the console (issue 36, item 8), at a desk tablet (768 px,
// project 'tablet') and a desktop (1280 px, 'desktop'): role and venues, a password reset link the staff member
// then uses, and the authenticator app set up with its first code. Each test makes a front-desk account of its own.

/** The six-digit code an authenticator app shows for a Base32 key now (RFC 6238: SHA-1, 30-second steps). */
function totpNow(key: string, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('an administrator changes a staff account’s role and venues and sends a password reset link', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const email = await deskAccountOfOwn(browser, baseURL!, 'Casey Cole', `manage-${info.project.name}`);
  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await nav(page).getByRole('link', { name: 'Staff accounts' }).click();
  const row = page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: 'Front desk', exact: true })).toBeVisible();
  const venueCell = row.getByRole('cell').nth(2);
  const firstVenue = (await venueCell.textContent())!.trim();

  // The dialog opens with the focus in it.
  await row.getByRole('button', { name: 'Manage Casey Cole' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage Casey Cole' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  const access = dialog.getByRole('region', { name: 'Role and venues' });
  await expect(access.getByRole('checkbox', { name: firstVenue })).toBeChecked();

  // A front desk without venues is refused by the server, under the venues.
  await access.getByRole('checkbox', { name: firstVenue }).uncheck();
  await access.getByRole('button', { name: 'Save role and venues' }).click();
  await expect(access.getByText('Choose at least one venue for this role')).toBeVisible();

  // Centre manager at two venues.
  await access.getByLabel('Role', { exact: true }).selectOption({ label: 'Centre manager' });
  const venues = access.getByRole('checkbox');
  await venues.nth(0).check();
  await venues.nth(1).check();
  const chosen = [await venues.nth(0).getAttribute('value'), await venues.nth(1).getAttribute('value')];
  expect(chosen.every(Boolean)).toBe(true);
  await access.getByRole('button', { name: 'Save role and venues' }).click();
  await expect(access.getByRole('status')).toHaveText('Role and venues saved.');
  await expect(row.getByRole('cell', { name: 'Centre manager', exact: true })).toBeVisible();
  await expect(venueCell).toContainText(',');
  await expectAccessible(page);
  await screenshot(page, 'admin-accounts-manage', info.project.name);

  // The password reset link: sent, the staff member is logged out and reads the mail.
  const password = dialog.getByRole('region', { name: 'Password' });
  await password.getByRole('button', { name: 'Send password reset link' }).click();
  await expect(password.getByRole('status')).toContainText(
    `A password reset link has been sent to ${email}.`,
  );
  const mail = await latestMailTo(page.request, baseURL!, email);
  expect(mail.subject).toContain('Set a new password');
  const link = /https?:\/\/\S+\/admin\/password-reset\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

  // Escape closes the dialog and the focus is back on the row's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Manage Casey Cole' })).toBeFocused();

  // The staff member, in a browser of their own, chooses a new password through the link (the staff rule).
  const theirs = await browser.newContext({ viewport: page.viewportSize()! });
  const staffPage = await theirs.newPage();
  await staffPage.goto(new URL(new URL(link).pathname, baseURL!).toString());
  await expect(staffPage.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await expect(staffPage.getByText(`Casey Cole, choose a new password for ${email}.`)).toBeVisible();
  await staffPage.getByLabel('New password', { exact: true }).fill('too-weak');
  await staffPage.getByLabel('New password again').fill('too-weak');
  await staffPage.getByRole('button', { name: 'Set new password' }).click();
  await expect(staffPage.getByText(/Staff passwords have at least 12 characters/).last()).toBeVisible();
  await expect(staffPage.getByLabel('New password', { exact: true })).toBeFocused();
  const NEW = 'Casey-Cole-2026!';
  await staffPage.getByLabel('New password', { exact: true }).fill(NEW);
  await staffPage.getByLabel('New password again').fill(NEW);
  await expectAccessible(staffPage);
  await screenshot(staffPage, 'admin-password-reset', info.project.name);
  await staffPage.getByRole('button', { name: 'Set new password' }).click();
  await expect(staffPage.getByRole('status')).toContainText('Your new password is set.');
  await staffPage.getByRole('link', { name: 'Log in' }).click();
  await logIn(staffPage, email);
  await expect(staffPage.getByText('The email address or password is incorrect')).toBeVisible();
  await staffPage.getByLabel('Password').fill(NEW);
  await staffPage.getByRole('button', { name: 'Log in' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Hello, Casey Cole', level: 1 })).toBeVisible();
  // The link works once.
  await staffPage.goto(new URL(new URL(link).pathname, baseURL!).toString());
  await expect(staffPage.getByText(/This password link is not valid/)).toBeVisible();
  await theirs.close();
  expect(await canLogIn(browser, baseURL!, email, STAFF_PASSWORD)).toBe(false);
});

test('an administrator sets up a staff member’s authenticator app with its first code', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const email = await deskAccountOfOwn(browser, baseURL!, 'Drew Dale', `totp-${info.project.name}`);
  await page.goto('/admin/login');
  await logIn(page, ADMIN.email);
  await nav(page).getByRole('link', { name: 'Staff accounts' }).click();
  const row = page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Manage Drew Dale' }).click();
  const part = page
    .getByRole('dialog', { name: 'Manage Drew Dale' })
    .getByRole('region', { name: 'Authenticator app' });
  await part.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(part.getByRole('img', { name: 'QR code to scan with the authenticator app' })).toBeVisible();
  const key = (await part.locator('.authenticator-setup__key').textContent())!;
  await part.getByLabel('Code from the app').fill('000000' === totpNow(key) ? '111111' : '000000');
  await part.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(part.getByText('That code is not right. Codes change every 30 seconds')).toBeVisible();
  await expect(part.getByLabel('Code from the app')).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, 'admin-accounts-authenticator', info.project.name);
  await part.getByLabel('Code from the app').fill(totpNow(key));
  await part.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(part.getByRole('status')).toHaveText(
    'The authenticator app is set up. Logging in now asks for a code from it.',
  );
  await expect(part.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row.getByRole('cell', { name: 'Set up', exact: true })).toBeVisible();

  // Logging in now asks Drew for a code.
  const theirs = await browser.newContext({ viewport: page.viewportSize()! });
  const staffPage = await theirs.newPage();
  await staffPage.goto('/admin/login');
  await logIn(staffPage, email);
  await expect(staffPage.getByLabel(/code/i)).toBeVisible();
  await theirs.close();
});

test('a staff member sets up their own authenticator app from Your account', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const email = await deskAccountOfOwn(browser, baseURL!, 'Emery Ellis', `own-totp-${info.project.name}`);
  await page.goto('/admin/login');
  await logIn(page, email);
  await page.getByRole('link', { name: 'Your account: Emery Ellis' }).click();
  const part = page.getByRole('region', { name: 'Authenticator app' });
  await expect(part).toContainText('Not set up.');
  await part.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(part.getByText(/Open the authenticator app on your phone/)).toBeFocused();
  const key = (await part.locator('.authenticator-setup__key').textContent())!;
  await expectAccessible(page);
  await screenshot(page, 'admin-my-authenticator', info.project.name);
  await part.getByLabel('Code from the app').fill(totpNow(key));
  await part.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(part.getByRole('status')).toHaveText(
    'The authenticator app is set up. Logging in now asks for a code from it.',
  );
  await expect(part.getByRole('button', { name: 'Set up a new authenticator app' })).toBeFocused();
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, email);
  await expect(page.getByLabel('Authenticator code')).toBeVisible();
});
