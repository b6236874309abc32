import { DEMO, expect, expectAccessible, test } from '../fixtures.ts';

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
