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
