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

test("on a phone, the header's 'Account' button opens a menu (its code loads on first use)", async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'phone', 'under 575px only; wider screens show a My account link');
  await registerCustomer(page, baseURL!);
  await page.goto('/venues');
  const header = page.locator('header.site-header');
  const button = header.getByRole('button', { name: 'Account' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');

  await button.click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'My account' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // The keyboard opens it too, Arrow Up on the last item; choosing 'My account' opens the account site.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/?$/);
  await expect(page.getByRole('heading', { name: 'Account Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
