import { expect, expectAccessible, test } from '../fixtures.ts';

test('a visitor registers with the password rules and terms, and lands on the dashboard', async ({
  page,
}) => {
  await page.goto('/account/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(
    page
      .getByText(
        /at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 number and one special character/,
      )
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  const email = `rowan.${Date.now()}@example.org`;
  await page.getByLabel('First name').fill('Rowan');
  await page.getByLabel('Last name').fill('Hughes');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Repeat password').fill('weakpass');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Weak password and unticked terms are refused before anything is sent.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /1 uppercase letter/ })
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account\/register/);

  await page.getByLabel('Password', { exact: true }).fill('Lane-Swim-2026');
  await page.getByLabel('Repeat password').fill('Lane-Swim-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /terms/i }).first()).toBeVisible();

  await page.getByLabel(/I agree to the Terms and Conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();
  // A confirmation that the account exists, with the customer number.
  await expect(
    page.getByText(/^Your account has been created\. Your customer number is FH\d+\.$/),
  ).toBeVisible();
  await expect(page.getByText('Welcome Rowan!')).toBeVisible();
  await expect(page.getByText("You don't have any bookings right now.")).toBeVisible();
});
