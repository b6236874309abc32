import { CARDS, dayFromToday, expect, findSession, type Page, registerCustomer, test } from '../fixtures.ts';

async function addSessionAndOpenCheckout(page: Page, baseURL: string, days: number) {
  await registerCustomer(page, baseURL);
  const session = await findSession(page, baseURL, { date: dayFromToday(days).iso, category: 'Cycling' });
  await page.goto(`/venues/john-charles-centre-for-sport/sessions/${session.id}`);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await page.goto('/basket/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  return session;
}

async function payWithCard(page: Page, card: string) {
  await page.getByLabel('Cardholder name', { exact: true }).fill('Sam Lee');
  await page.getByLabel('Card number', { exact: true }).fill(card);
  await page.getByLabel('Expiry date', { exact: true }).fill('12/30');
  await page.getByLabel('Security code', { exact: true }).fill('123');
  await page.getByLabel('First name', { exact: true }).fill('Sam');
  await page.getByLabel('Last name', { exact: true }).fill('Lee');
  await page.getByLabel('Address line 1', { exact: true }).fill('2 Booth Street East');
  await page.getByLabel('Town or city', { exact: true }).fill('Manchester');
  await page.getByLabel('Postcode', { exact: true }).fill('M13 9SS');
  await page.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }).check();
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

test('a declined card leaves the basket as it was, with the reason', async ({ page, baseURL }) => {
  const session = await addSessionAndOpenCheckout(page, baseURL!, 5);
  await payWithCard(page, CARDS.declined);
  await expect(page.getByText(/Your card was declined/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  const cart = await (await page.request.get('/api/cart')).json();
  expect(cart.data.items.map((i: { cartable_id: number }) => i.cartable_id)).toEqual([session.id]);
  const orders = await page.request.get('/api/v1/activities/bookings?starts_after=2000-01-01T00:00:00Z');
  expect((await orders.json()).data).toEqual([]);
});

test('a card that asks for a further check is approved and the booking completes', async ({
  page,
  baseURL,
}) => {
  await addSessionAndOpenCheckout(page, baseURL!, 6);
  await payWithCard(page, CARDS.furtherCheck);
  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(challenge.getByRole('button', { name: 'Approve' })).toBeFocused();
  await challenge.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
});
