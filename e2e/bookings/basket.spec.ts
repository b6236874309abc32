import {
  addToBasketViaApi,
  dayFromToday,
  expect,
  expectAccessible,
  findSession,
  registerCustomer,
  test,
} from '../fixtures.ts';

test('Clear basket asks first: Keep items keeps them, Yes empties the basket', async ({ page, baseURL }) => {
  await registerCustomer(page, baseURL!);
  const day = dayFromToday(4).iso;
  const one = await findSession(page, baseURL!, { date: day, category: 'Cycling' });
  await addToBasketViaApi(page, baseURL!, [{ id: one.id, type: 'activity' }]);

  await page.goto('/basket');
  const items = page.getByRole('list', { name: 'Items in your basket' });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  // Each line's Remove names its item (issue 42, item 10).
  await expect(items.getByRole('button', { name: `Remove: ${one.name}`, exact: true })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Basket summary' });
  await summary.getByRole('button', { name: 'Clear basket' }).click();
  const question = summary.getByText('Remove the item from your basket?');
  await expect(question).toBeFocused();
  await expectAccessible(page);
  await summary.getByRole('button', { name: 'Keep items' }).click();
  await expect(summary.getByRole('button', { name: 'Clear basket' })).toBeFocused();
  await expect(items.getByRole('listitem')).toHaveCount(1);
  const cart = (await (await page.request.get('/api/cart')).json()).data;
  expect(cart.items).toHaveLength(1);

  await summary.getByRole('button', { name: 'Clear basket' }).click();
  await summary.getByRole('button', { name: 'Yes, clear basket' }).click();
  await expect(page.getByText('Successfully cleared order.')).toBeVisible();
  await expect(page.getByText('£0.00').first()).toBeVisible();
  expect((await (await page.request.get('/api/cart')).json()).data.items).toHaveLength(0);
});

test('a court line takes several places with a stepper (PUT cart/{cartItemId})', async ({
  page,
  baseURL,
}) => {
  await registerCustomer(page, baseURL!);
  const court = await findSession(page, baseURL!, { date: dayFromToday(2).iso, category: 'Court Hire' });
  const spin = await findSession(page, baseURL!, { date: dayFromToday(2).iso, category: 'Cycling' });
  await addToBasketViaApi(page, baseURL!, [
    { id: court.id, type: 'activity' },
    { id: spin.id, type: 'activity' },
  ]);

  await page.goto('/basket');
  const courtLine = page.getByRole('article').filter({ hasText: court.name });
  const places = courtLine.getByRole('group', { name: 'Places' });
  await expect(places.getByRole('status')).toHaveText('1');
  await expect(places.getByRole('button', { name: `One place fewer for ${court.name}` })).toBeDisabled();
  // A class takes one place: no stepper.
  const spinLine = page.getByRole('article').filter({ hasText: spin.name });
  await expect(spinLine.getByRole('group', { name: 'Places' })).toHaveCount(0);
  await expectAccessible(page);

  await places.getByRole('button', { name: `One place more for ${court.name}` }).click();
  await expect(page.getByText('Successfully updated item in the basket.')).toBeVisible();
  await expect(places.getByRole('status')).toHaveText('2');
  await expect(courtLine.getByText('£24.00')).toBeVisible();
  const cart = (await (await page.request.get('/api/cart')).json()).data;
  expect(cart.items.find((i: { cartable_id: number }) => i.cartable_id === court.id)).toMatchObject({
    quantity: 2,
    price: { raw: 2400 },
  });
  await places.getByRole('button', { name: `One place fewer for ${court.name}` }).click();
  await expect(places.getByRole('status')).toHaveText('1');
  await page.screenshot({
    path: `screenshots/basket-quantity-${test.info().project.name}.png`,
    fullPage: true,
  });
});

test("checkout's terms modal says its heading once", async ({ page, baseURL }) => {
  await registerCustomer(page, baseURL!);
  const spin = await findSession(page, baseURL!, { date: dayFromToday(3).iso, category: 'Cycling' });
  await addToBasketViaApi(page, baseURL!, [{ id: spin.id, type: 'activity' }]);
  await page.goto('/basket/checkout');
  await page.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog.getByText(/These terms apply to every activity you book/)).toBeVisible();
  // Before: the modal's title, the item's title and the HTML's own heading, three times over.
  await expect(dialog.getByRole('heading')).toHaveCount(1);
  await expect(dialog.getByText('Booking terms and conditions', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
