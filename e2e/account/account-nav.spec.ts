import { expect, expectAccessible, registerCustomer, screenshot, test } from '../fixtures.ts';

test('every account destination is visible in full, at 375px as at 1280px', async ({
  page,
  baseURL,
}, info) => {
  await registerCustomer(page, baseURL!);
  await page.goto('/account/');
  const nav = page.getByRole('navigation', { name: 'Account' });
  const names = ['Dashboard', 'My details', 'Memberships', 'Packages', 'Bookings', 'Payments'];
  for (const name of names) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();

  // Inside the viewport and not cut: no control overflows its box or the screen.
  const viewport = page.viewportSize()!;
  const controls = await nav.locator('a, button').evaluateAll((elements) =>
    elements.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent,
        left: box.left,
        right: box.right,
        clipped: el.scrollWidth > el.clientWidth + 1,
      };
    }),
  );
  expect(controls.length).toBeGreaterThanOrEqual(names.length + 1);
  for (const control of controls) {
    expect(control, `${control.text} is cut`).toMatchObject({ clipped: false });
    expect(control.left, `${control.text} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(control.right, `${control.text} ends off-screen`).toBeLessThanOrEqual(viewport.width);
  }
  await expectAccessible(page);
  await page.screenshot({ path: `screenshots/account-nav-${info.project.name}.png` });

  // Reachable: the last destination works by tap.
  await nav.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/payments/);
  await screenshot(page, 'account-nav-payments', info.project.name);
});
