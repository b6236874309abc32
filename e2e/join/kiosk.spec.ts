import { expect, HOME_VENUE, test } from '../fixtures.ts';

test('an idle kiosk clears a half-finished joining form and returns to kiosk home', async ({ page }) => {
  // The e2e server shortens the kiosk idle time-out (90 s by default) to 3 seconds.
  await page.goto(`/join/centre/${HOME_VENUE.slug}?kiosk=true`);
  // Pointer activity keeps the kiosk awake while the memberships load.
  const choose = page.getByRole('button', { name: /Choose this membership.*Gym & Swim/ });
  await expect
    .poll(async () => {
      await page.mouse.move(10 + Math.random() * 100, 10 + Math.random() * 100);
      return choose.isVisible();
    })
    .toBe(true);
  await choose.click();
  const account = page.getByRole('form', { name: 'Create Account' });
  await expect(account).toBeVisible();
  await account.getByLabel('First name', { exact: true }).fill('Sam');
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('fh-join'))))
    .toBe(true);

  await expect(page.getByText('Joining form cleared due to inactivity')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/join\/kiosk/);
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('fh-join'))),
  ).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Choose your home centre' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create Account' })).toHaveCount(0);
});
