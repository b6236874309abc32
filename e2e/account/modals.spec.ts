import {
  bookViaApi,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  registerCustomer,
  test,
} from '../fixtures.ts';

/** Whether the open modal ran the slide-up animation, and for how long (watched from the click on). */
async function watchSlideUp(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __slide?: { name: string; duration: number }[] };
    w.__slide = [];
    const seen = new Set<Animation>();
    const tick = () => {
      for (const a of document.getAnimations()) {
        if (seen.has(a) || !(a instanceof CSSAnimation)) continue;
        seen.add(a);
        w.__slide!.push({ name: a.animationName, duration: Number(a.effect?.getTiming().duration) });
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () =>
    page.evaluate(() => (window as unknown as { __slide: { name: string; duration: number }[] }).__slide);
}

test('the booking modal is the wide modal (600px), slides up on phones in 300 ms, and keeps focus', async ({
  page,
  baseURL,
}, info) => {
  await registerCustomer(page, baseURL!);
  const session = await findSession(page, baseURL!, { date: dayFromToday(5).iso, category: 'Cycling' });
  await bookViaApi(page, baseURL!, session.id);
  await page.goto('/account/bookings/upcoming');
  const open = page
    .getByRole('article')
    .filter({ hasText: session.name })
    .getByRole('button', { name: 'View booking' });
  await expect(open).toBeVisible();

  const animations = await watchSlideUp(page);
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Your booking' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  const modal = page.locator('.modal').filter({ has: dialog });
  const viewport = page.viewportSize()!;
  if (info.project.name === 'phone') {
    await expect.poll(animations).toContainEqual({ name: 'fh-slide-up', duration: 300 });
    // Settled on the bottom edge, the whole width.
    await expect
      .poll(async () => {
        const box = (await modal.boundingBox())!;
        return [Math.round(box.y + box.height), Math.round(box.width)];
      })
      .toEqual([viewport.height, viewport.width]);
  } else {
    expect((await modal.boundingBox())!.width).toBe(600);
  }
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  // With reduced motion: no slide.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = await watchSlideUp(page);
  await open.click();
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(400);
  expect((await still()).filter((a) => a.name === 'fh-slide-up')).toEqual([]);
});

test("the order's activity card is the spec's wide activity card (660px)", async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name === 'phone', 'a desktop width');
  await registerCustomer(page, baseURL!);
  const session = await findSession(page, baseURL!, { date: dayFromToday(5).iso, category: 'Cycling' });
  const { order_id } = await bookViaApi(page, baseURL!, session.id);
  await page.goto(`/account/payments/order-history/${order_id}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: session.name }) });
  await expect(card).toBeVisible();
  expect((await card.boundingBox())!.width).toBe(660);
});
